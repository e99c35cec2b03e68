    def call(self, args):
        primals_3, primals_4, primals_6, getitem_1, rsqrt, view, addmm, view_2, tangents_1 = args
        args.clear()
        assert_size_stride(primals_3, (8, 128, 256), (32768, 256, 1))
        assert_size_stride(primals_4, (1024, 256), (256, 1))
        assert_size_stride(primals_6, (256, 1024), (1024, 1))
        assert_size_stride(getitem_1, (8, 128, 1), (128, 1, 1))
        assert_size_stride(rsqrt, (8, 128, 1), (128, 1, 1))
        assert_size_stride(view, (1024, 256), (256, 1))
        assert_size_stride(addmm, (1024, 1024), (1024, 1))
        assert_size_stride(view_2, (1024, 1024), (1024, 1))
        assert_size_stride(tangents_1, (8, 128, 256), (32768, 256, 1))
        with torch.cuda._DeviceGuard(0):
            torch.cuda.set_device(0)
            buf0 = empty_strided_cuda((1024, 1024), (1024, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_4, linear_1, permute_2, mm], Original ATen: [aten.view, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:1
            extern_kernels.mm(reinterpret_tensor(tangents_1, (1024, 256), (256, 1), 0), primals_6, out=buf0)
            del primals_6
            buf1 = empty_strided_cuda((256, 1024), (1024, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_4, permute_3, permute_5], Original ATen: [aten.view, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:2
            extern_kernels.mm(reinterpret_tensor(tangents_1, (256, 1024), (1, 256), 0), view_2, out=buf1)
            del view_2
            buf2 = empty_strided_cuda((1, 256, 8), (2048, 1, 256), torch.float32)
            # Topologically Sorted Source Nodes: [view_4, sum_1], Original ATen: [aten.view, aten.sum]
            # [Provenance debug handles] triton_red_fused_sum_view_0:3
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_view_0.run(tangents_1, buf2, 2048, 128, stream=stream0)
            del tangents_1
            buf3 = empty_strided_cuda((1, 256), (256, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_4, sum_1], Original ATen: [aten.view, aten.sum]
            # [Provenance debug handles] triton_per_fused_sum_view_1:4
            stream0 = get_raw_stream(0)
            triton_per_fused_sum_view_1.run(buf2, buf3, 256, 8, stream=stream0)
            del buf2
            buf4 = reinterpret_tensor(buf0, (8, 128, 1024), (131072, 1024, 1), 0); del buf0  # reuse
            buf7 = empty_strided_cuda((1, 1024, 8), (8192, 1, 1024), torch.float32)
            # Topologically Sorted Source Nodes: [view_6, linear, gelu, mul_6, mul_7, mul_8, exp, mul_9, mul_10, add_4, mul_11, view_7, sum_2], Original ATen: [aten.view, aten.gelu, aten.gelu_backward, aten.sum]
            # [Provenance debug handles] triton_red_fused_gelu_gelu_backward_sum_view_2:5
            stream0 = get_raw_stream(0)
            triton_red_fused_gelu_gelu_backward_sum_view_2.run(buf4, addmm, buf7, 8192, 128, stream=stream0)
            del addmm
            buf5 = empty_strided_cuda((1024, 256), (256, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_6, linear, gelu, mul_6, mul_7, mul_8, exp, mul_9, mul_10, add_4, mul_11, view_7, permute_6, mm_2], Original ATen: [aten.view, aten.gelu, aten.gelu_backward, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:6
            extern_kernels.mm(reinterpret_tensor(buf4, (1024, 1024), (1024, 1), 0), primals_4, out=buf5)
            del primals_4
            buf6 = empty_strided_cuda((1024, 256), (256, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_6, linear, gelu, mul_6, mul_7, mul_8, exp, mul_9, mul_10, add_4, mul_11, view_7, permute_7, permute_9], Original ATen: [aten.view, aten.gelu, aten.gelu_backward, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:7
            extern_kernels.mm(reinterpret_tensor(buf4, (1024, 1024), (1, 1024), 0), view, out=buf6)
            del buf4
            del view
            buf8 = empty_strided_cuda((1, 1024), (1024, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_6, linear, gelu, mul_6, mul_7, mul_8, exp, mul_9, mul_10, add_4, mul_11, view_7, sum_2], Original ATen: [aten.view, aten.gelu, aten.gelu_backward, aten.sum]
            # [Provenance debug handles] triton_per_fused_gelu_gelu_backward_sum_view_3:8
            stream0 = get_raw_stream(0)
            triton_per_fused_gelu_gelu_backward_sum_view_3.run(buf7, buf8, 1024, 8, stream=stream0)
            del buf7
            buf9 = empty_strided_cuda((256, 8), (1, 256), torch.float32)
            buf11 = empty_strided_cuda((256, 8), (1, 256), torch.float32)
            # Topologically Sorted Source Nodes: [view_9, layer_norm, mul_17, sum_5, sum_6], Original ATen: [aten.view, aten.native_layer_norm, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_red_fused_native_layer_norm_native_layer_norm_backward_view_4:9
            stream0 = get_raw_stream(0)
            triton_red_fused_native_layer_norm_native_layer_norm_backward_view_4.run(buf5, primals_3, getitem_1, rsqrt, buf9, buf11, 2048, 128, stream=stream0)
            del buf5
            del getitem_1
            del primals_3
            del rsqrt
            buf10 = empty_strided_cuda((256, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_9, layer_norm, mul_17, sum_5], Original ATen: [aten.view, aten.native_layer_norm, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_sum_view_1:10
            stream0 = get_raw_stream(0)
            triton_per_fused_sum_view_1.run(buf9, buf10, 256, 8, stream=stream0)
            del buf9
            buf12 = empty_strided_cuda((256, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_9, sum_6], Original ATen: [aten.view, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_sum_view_1:11
            stream0 = get_raw_stream(0)
            triton_per_fused_sum_view_1.run(buf11, buf12, 256, 8, stream=stream0)
            del buf11
        return (buf10, buf12, None, buf6, reinterpret_tensor(buf8, (1024, ), (1, ), 0), buf1, reinterpret_tensor(buf3, (256, ), (1, ), 0), )
