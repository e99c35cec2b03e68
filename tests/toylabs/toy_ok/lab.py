"""Records one of everything; fails its part when TOY_FAIL=1 (to test failed re-runs), and its
acceptance check when TOY_CHECK_FAIL=1."""
import os


def measure(lab):
    if os.environ.get("TOY_FAIL") == "1":
        raise RuntimeError("asked to fail")
    lab.metric("answer", 42.0, "s")
    lab.metric("verdict", "faster")
    error = 1e-3 if os.environ.get("TOY_CHECK_FAIL") == "1" else 1e-9
    lab.check("small_error", error, "<", 1e-6, label={"en": "Error is small", "es": "El error es pequeño"})
    lab.table("latency", ["batch", "eager_us", "compiled_us"], [[1, 10.5, 20.25], [1024, 1500.0, 1234.5]],
              units={"eager_us": "µs", "compiled_us": "µs"})
    lab.figure("latency", "latency", x="batch", y=["eager_us", "compiled_us"], log_x=True)
    lab.write_artifact("kernel", "kernel.cpp", "// a kernel\nint main() { return 0; }\n", "cpp")


def run(lab):
    lab.part("A", "Measure", measure)
    lab.part("G", "GPU only", lambda lab: None, requires="cuda")
