    def call(self, args):
        primals_3, primals_4, primals_6, getitem_1, rsqrt, view, addmm, view_2, tangents_1 = args
        args.clear()
        assert_size_stride(tangents_1, (8, 128, 256), (32768, 256, 1), 'input')
        assert_size_stride(primals_6, (256, 1024), (1024, 1), 'input')
        buf0 = empty_strided_cpu((1024, 1024), (1024, 1), torch.float32)
        # Topologically Sorted Source Nodes: [view_4, linear_1, permute_2, mm], Original ATen: [aten.view, aten.t, aten.mm]
        # [Provenance debug handles] extern_kernels.mm:1
        extern_kernels.mm(reinterpret_tensor(tangents_1, (1024, 256), (256, 1), 0), primals_6, out=buf0)
        del primals_6
        assert_size_stride(view_2, (1024, 1024), (1024, 1), 'input')
        buf1 = empty_strided_cpu((256, 1024), (1024, 1), torch.float32)
        # Topologically Sorted Source Nodes: [view_4, permute_3, permute_5], Original ATen: [aten.view, aten.t, aten.mm]
        # [Provenance debug handles] extern_kernels.mm:2
        extern_kernels.mm(reinterpret_tensor(tangents_1, (256, 1024), (1, 256), 0), view_2, out=buf1)
        del view_2
        buf2 = empty_strided_cpu((1, 256), (256, 1), torch.float32)
        assert_size_stride(addmm, (1024, 1024), (1024, 1), 'input')
        buf3 = reinterpret_tensor(buf0, (8, 128, 1024), (131072, 1024, 1), 0); del buf0  # reuse
        assert_size_stride(primals_4, (1024, 256), (256, 1), 'input')
        # [Provenance debug handles] cpp_fused_gelu_gelu_backward_sum_view_0:3
        cpp_fused_gelu_gelu_backward_sum_view_0(buf3, tangents_1, addmm, buf2)
        del addmm
        del tangents_1
        buf4 = empty_strided_cpu((1024, 256), (256, 1), torch.float32)
        # Topologically Sorted Source Nodes: [view_6, linear, gelu, mul_6, mul_7, mul_8, exp, mul_9, mul_10, add_4, mul_11, view_7, permute_6, mm_2], Original ATen: [aten.view, aten.gelu, aten.gelu_backward, aten.t, aten.mm]
        # [Provenance debug handles] extern_kernels.mm:4
        extern_kernels.mm(reinterpret_tensor(buf3, (1024, 1024), (1024, 1), 0), primals_4, out=buf4)
        del primals_4
        assert_size_stride(view, (1024, 256), (256, 1), 'input')
        buf5 = empty_strided_cpu((1024, 256), (256, 1), torch.float32)
        # Topologically Sorted Source Nodes: [view_6, linear, gelu, mul_6, mul_7, mul_8, exp, mul_9, mul_10, add_4, mul_11, view_7, permute_7, permute_9], Original ATen: [aten.view, aten.gelu, aten.gelu_backward, aten.t, aten.mm]
        # [Provenance debug handles] extern_kernels.mm:5
        extern_kernels.mm(reinterpret_tensor(buf3, (1024, 1024), (1, 1024), 0), view, out=buf5)
        del view
        buf6 = empty_strided_cpu((1, 1024), (1024, 1), torch.float32)
        assert_size_stride(primals_3, (8, 128, 256), (32768, 256, 1), 'input')
        assert_size_stride(getitem_1, (8, 128, 1), (128, 1, 1), 'input')
        assert_size_stride(rsqrt, (8, 128, 1), (128, 1, 1), 'input')
        buf7 = empty_strided_cpu((256, ), (1, ), torch.float32)
        buf8 = empty_strided_cpu((256, ), (1, ), torch.float32)
        # [Provenance debug handles] cpp_fused_gelu_gelu_backward_native_layer_norm_native_layer_norm_backward_sum_view_1:6
        cpp_fused_gelu_gelu_backward_native_layer_norm_native_layer_norm_backward_sum_view_1(buf3, buf4, primals_3, getitem_1, rsqrt, buf6, buf7, buf8)
        del buf3
        del buf4
        del getitem_1
        del primals_3
        del rsqrt
        return (buf7, buf8, None, buf5, reinterpret_tensor(buf6, (1024, ), (1, ), 0), buf1, reinterpret_tensor(buf2, (256, ), (1, ), 0), )
