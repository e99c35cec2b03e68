from labs.common.contract import format_number, with_unit

NNBSP = "\u202f"


def test_english_and_spanish_decimals_and_grouping():
    assert format_number(11.757, "en") == "11.8"
    assert format_number(11.757, "es") == "11,8"
    assert format_number(65536, "en") == "65,536"
    assert format_number(65536, "es") == f"65{NNBSP}536"
    assert format_number(2048, "es") == "2048"           # four digits: no separator in Spanish
    assert format_number(0.41177, "es") == "0,412"


def test_scientific_notation_for_tiny_and_huge_values():
    assert format_number(4.656612873077393e-10, "en") == "4.66 × 10⁻¹⁰"
    assert format_number(4.656612873077393e-10, "es") == "4,66 × 10⁻¹⁰"
    assert format_number(1e-6, "en") == "1 × 10⁻⁶"
    assert format_number(9.9996e-5, "en") == "1 × 10⁻⁴"


def test_fixed_decimals_bools_and_strings():
    assert format_number(3.14159, "es", decimals=2) == "3,14"
    assert format_number(True, "es") == "sí"
    assert format_number("never", "en") == "never"
    assert format_number(-3.2, "en") == "−3.20"


def test_units():
    assert with_unit("0.41", "×", "en") == "0.41×"
    assert with_unit("12", "µs", "es") == "12\u00a0µs"
    assert with_unit("5", "%", "en") == "5%"
    assert with_unit("5", "%", "es") == "5\u00a0%"
