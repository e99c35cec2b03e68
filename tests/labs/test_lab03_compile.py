"""Lab 03 in its smoke preset on CPU: every check passes, the fused softmax kernel is saved."""


def test_lab03_smoke_run_passes_its_checks(lab_smoke):
    run = lab_smoke("lab03_compile")
    assert run.manifest["checks"], "no acceptance checks recorded"
    failed = {k: c for k, c in run.manifest["checks"].items() if not c["passed"]}
    assert not failed, failed
    assert run.metric("tinyhead.max_abs_err") < 1e-6


def test_lab03_saves_the_fused_softmax_kernel_as_cpp(lab_smoke):
    run = lab_smoke("lab03_compile")
    assert run.metric("softmax_kernel.file") == "kernel.cpp"
    kernel = (run.out / "kernel.cpp").read_text()
    assert "exp" in kernel and "#pragma omp" in kernel
    call = (run.out / "tinyhead" / "wrapper_call.py").read_text()
    assert "extern_kernels.addmm" in call


def test_lab03_times_every_batch_size_with_spread(lab_smoke):
    table = lab_smoke("lab03_compile").manifest["tables"]["tinyhead_latency"]
    columns = table["columns"]
    for row in table["rows"]:
        values = dict(zip(columns, row))
        assert values["eager_min_us"] <= values["eager_us"] <= values["eager_p95_us"]
        assert values["compiled_min_us"] <= values["compiled_us"] <= values["compiled_p95_us"]
        assert values["verdict"] in ("faster", "slower", "same")
