    def call(self, args):
        arg0_1, arg1_1, arg2_1 = args
        args.clear()
        assert_size_stride(arg1_1, (600, ), (1, ), 'input')
        assert_size_stride(arg2_1, (2, 64), (64, 1), 'input')
        assert_size_stride(arg0_1, (600, 64), (64, 1), 'input')
        buf0 = empty_strided_cpu((2, 600), (600, 1), torch.float32)
        # Topologically Sorted Source Nodes: [linear], Original ATen: [aten.t, aten.addmm]
        # [Provenance debug handles] extern_kernels.addmm:1
        extern_kernels.addmm(arg1_1, arg2_1, reinterpret_tensor(arg0_1, (64, 600), (1, 64), 0), alpha=1, beta=1, out=buf0)
        del arg0_1
        del arg1_1
        del arg2_1
        buf1 = empty_strided_cpu((2, 1), (1, 2), torch.float32)
        buf3 = empty_strided_cpu((2, 1), (1, 2), torch.float32)
        buf4 = empty_strided_cpu((2, 600), (600, 1), torch.float32)
        # [Provenance debug handles] cpp_fused__softmax_0:2
        cpp_fused__softmax_0(buf0, buf1, buf3, buf4)
        return (buf4, )
