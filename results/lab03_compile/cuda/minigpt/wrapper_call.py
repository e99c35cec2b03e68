    def call(self, args):
        arg0_1, arg1_1, arg2_1, arg3_1, arg4_1, arg5_1, arg6_1, arg7_1, arg8_1, arg9_1, arg10_1, arg11_1, arg12_1, arg13_1, arg14_1, arg15_1, arg16_1, arg17_1, arg18_1, arg19_1, arg20_1, arg21_1, arg22_1, arg23_1, arg24_1, arg25_1, arg26_1, arg27_1, arg28_1, arg29_1, arg30_1 = args
        args.clear()
        assert_size_stride(arg0_1, (4, 64), (64, 1))
        assert_size_stride(arg1_1, (32, 64), (64, 1))
        assert_size_stride(arg2_1, (64, 64), (64, 1))
        assert_size_stride(arg3_1, (64, ), (1, ))
        assert_size_stride(arg4_1, (64, ), (1, ))
        assert_size_stride(arg5_1, (192, 64), (64, 1))
        assert_size_stride(arg6_1, (192, ), (1, ))
        assert_size_stride(arg7_1, (1, 1, 64, 64), (4096, 4096, 64, 1))
        assert_size_stride(arg8_1, (64, 64), (64, 1))
        assert_size_stride(arg9_1, (64, ), (1, ))
        assert_size_stride(arg10_1, (64, ), (1, ))
        assert_size_stride(arg11_1, (64, ), (1, ))
        assert_size_stride(arg12_1, (256, 64), (64, 1))
        assert_size_stride(arg13_1, (256, ), (1, ))
        assert_size_stride(arg14_1, (64, 256), (256, 1))
        assert_size_stride(arg15_1, (64, ), (1, ))
        assert_size_stride(arg16_1, (64, ), (1, ))
        assert_size_stride(arg17_1, (64, ), (1, ))
        assert_size_stride(arg18_1, (192, 64), (64, 1))
        assert_size_stride(arg19_1, (192, ), (1, ))
        assert_size_stride(arg20_1, (1, 1, 64, 64), (4096, 4096, 64, 1))
        assert_size_stride(arg21_1, (64, 64), (64, 1))
        assert_size_stride(arg22_1, (64, ), (1, ))
        assert_size_stride(arg23_1, (64, ), (1, ))
        assert_size_stride(arg24_1, (64, ), (1, ))
        assert_size_stride(arg25_1, (256, 64), (64, 1))
        assert_size_stride(arg26_1, (256, ), (1, ))
        assert_size_stride(arg27_1, (64, 256), (256, 1))
        assert_size_stride(arg28_1, (64, ), (1, ))
        assert_size_stride(arg29_1, (64, ), (1, ))
        assert_size_stride(arg30_1, (64, ), (1, ))
        with torch.cuda._DeviceGuard(0):
            torch.cuda.set_device(0)
            buf3 = empty_strided_cuda((4, 64, 64), (4096, 64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [embedding, positions, embedding_1, add, layer_norm], Original ATen: [aten.embedding, aten.arange, aten.add, aten.native_layer_norm]
            # [Provenance debug handles] triton_per_fused_add_arange_embedding_native_layer_norm_0:1
            stream0 = get_raw_stream(0)
            triton_per_fused_add_arange_embedding_native_layer_norm_0.run(arg0_1, arg1_1, arg2_1, arg3_1, arg4_1, buf3, 256, 64, stream=stream0)
            del arg3_1
            del arg4_1
            buf4 = empty_strided_cuda((256, 192), (192, 1), torch.float32)
            # Topologically Sorted Source Nodes: [embedding, positions, embedding_1, add, layer_norm, linear, ], Original ATen: [aten.embedding, aten.arange, aten.add, aten.native_layer_norm, aten.view, aten.t, aten.addmm]
            # [Provenance debug handles] extern_kernels.mm:2
            extern_kernels.mm(reinterpret_tensor(buf3, (256, 64), (64, 1), 0), reinterpret_tensor(arg5_1, (64, 192), (1, 64), 0), out=buf4)
            del arg5_1
            buf5 = reinterpret_tensor(buf3, (4, 2, 64, 32), (4096, 2048, 32, 1), 0); del buf3  # reuse
            # Topologically Sorted Source Nodes: [, linear, split, view, q_1, matmul], Original ATen: [aten.addmm, aten.view, aten.split, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused_addmm_clone_split_transpose_view_1:3
            stream0 = get_raw_stream(0)
            triton_poi_fused_addmm_clone_split_transpose_view_1.run(arg6_1, buf4, buf5, 16384, stream=stream0)
            buf6 = empty_strided_cuda((4, 2, 32, 64), (4096, 2048, 64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [, linear, split, view_1, k_1, transpose_3, matmul], Original ATen: [aten.addmm, aten.view, aten.split, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused_addmm_clone_split_transpose_view_2:4
            stream0 = get_raw_stream(0)
            triton_poi_fused_addmm_clone_split_transpose_view_2.run(arg6_1, buf4, buf6, 256, 64, stream=stream0)
            buf11 = empty_strided_cuda((4, 2, 64, 32), (4096, 2048, 32, 1), torch.float32)
            # Topologically Sorted Source Nodes: [, linear, split, view_2, v_1, y], Original ATen: [aten.addmm, aten.view, aten.split, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused_addmm_clone_split_transpose_view_3:5
            stream0 = get_raw_stream(0)
            triton_poi_fused_addmm_clone_split_transpose_view_3.run(arg6_1, buf4, buf11, 16384, stream=stream0)
            del arg6_1
            del buf4
            buf7 = empty_strided_cuda((8, 64, 64), (4096, 64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [, linear, split, view, q_1, matmul, view_1, k_1, transpose_3], Original ATen: [aten.addmm, aten.view, aten.split, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
            # [Provenance debug handles] extern_kernels.bmm:6
            extern_kernels.bmm(reinterpret_tensor(buf5, (8, 64, 32), (2048, 32, 1), 0), reinterpret_tensor(buf6, (8, 32, 64), (2048, 64, 1), 0), out=buf7)
            del buf5
            buf10 = reinterpret_tensor(buf7, (4, 2, 64, 64), (8192, 4096, 64, 1), 0); del buf7  # reuse
            # Topologically Sorted Source Nodes: [invert, scores_1, matmul, scores, , softmax], Original ATen: [aten.bitwise_not, aten.masked_fill, aten.view, aten.mul, prims.prepare_softmax_online, aten.sub, aten.exp, aten._softmax]
            # [Provenance debug handles] triton_per_fused__softmax_bitwise_not_exp_masked_fill_mul_prepare_softmax_online_sub_view_4:7
            stream0 = get_raw_stream(0)
            triton_per_fused__softmax_bitwise_not_exp_masked_fill_mul_prepare_softmax_online_sub_view_4.run(buf10, arg7_1, 512, 64, stream=stream0)
            del arg7_1
            buf12 = reinterpret_tensor(buf6, (8, 64, 32), (2048, 32, 1), 0); del buf6  # reuse
            # Topologically Sorted Source Nodes: [, linear, split, invert, scores_1, matmul, scores, softmax, y, view_2, v_1], Original ATen: [aten.addmm, aten.view, aten.split, aten.bitwise_not, aten.masked_fill, aten.mul, aten.sub, aten.exp, aten._softmax, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
            # [Provenance debug handles] extern_kernels.bmm:8
            extern_kernels.bmm(reinterpret_tensor(buf10, (8, 64, 64), (4096, 64, 1), 0), reinterpret_tensor(buf11, (8, 64, 32), (2048, 32, 1), 0), out=buf12)
            del buf10
            buf13 = reinterpret_tensor(buf11, (4, 64, 2, 32), (4096, 64, 32, 1), 0); del buf11  # reuse
            # Topologically Sorted Source Nodes: [y, transpose_4, contiguous], Original ATen: [aten.view, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused_clone_transpose_view_5:9
            stream0 = get_raw_stream(0)
            triton_poi_fused_clone_transpose_view_5.run(buf12, buf13, 16384, stream=stream0)
            buf14 = reinterpret_tensor(buf12, (256, 64), (64, 1), 0); del buf12  # reuse
            # Topologically Sorted Source Nodes: [y, transpose_4, contiguous, y_1, linear_1, ], Original ATen: [aten.view, aten.transpose, aten.clone, aten.t, aten.addmm]
            # [Provenance debug handles] extern_kernels.mm:10
            extern_kernels.mm(reinterpret_tensor(buf13, (256, 64), (64, 1), 0), reinterpret_tensor(arg8_1, (64, 64), (1, 64), 0), out=buf14)
            del arg8_1
            buf15 = reinterpret_tensor(buf14, (4, 64, 64), (4096, 64, 1), 0); del buf14  # reuse
            buf19 = reinterpret_tensor(buf13, (4, 64, 64), (4096, 64, 1), 0); del buf13  # reuse
            # Topologically Sorted Source Nodes: [embedding, positions, embedding_1, add, , linear_1, x_1, layer_norm_1], Original ATen: [aten.embedding, aten.arange, aten.add, aten.addmm, aten.view, aten.native_layer_norm]
            # [Provenance debug handles] triton_per_fused_add_addmm_arange_embedding_native_layer_norm_view_6:11
            stream0 = get_raw_stream(0)
            triton_per_fused_add_addmm_arange_embedding_native_layer_norm_view_6.run(buf15, arg0_1, arg1_1, arg2_1, arg9_1, arg10_1, arg11_1, buf19, 256, 64, stream=stream0)
            del arg0_1
            del arg10_1
            del arg11_1
            del arg2_1
            del arg9_1
            buf20 = empty_strided_cuda((256, 256), (256, 1), torch.float32)
            # Topologically Sorted Source Nodes: [layer_norm_1, linear_2, ], Original ATen: [aten.native_layer_norm, aten.view, aten.t, aten.addmm]
            # [Provenance debug handles] extern_kernels.mm:12
            extern_kernels.mm(reinterpret_tensor(buf19, (256, 64), (64, 1), 0), reinterpret_tensor(arg12_1, (64, 256), (1, 64), 0), out=buf20)
            del arg12_1
            del buf19
            buf21 = reinterpret_tensor(buf20, (4, 64, 256), (16384, 256, 1), 0); del buf20  # reuse
            # Topologically Sorted Source Nodes: [, linear_2, gelu], Original ATen: [aten.addmm, aten.view, aten.gelu]
            # [Provenance debug handles] triton_poi_fused_addmm_gelu_view_7:13
            stream0 = get_raw_stream(0)
            triton_poi_fused_addmm_gelu_view_7.run(buf21, arg13_1, 65536, stream=stream0)
            del arg13_1
            buf22 = empty_strided_cuda((256, 64), (64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [, linear_2, gelu, linear_3], Original ATen: [aten.addmm, aten.view, aten.gelu, aten.t]
            # [Provenance debug handles] extern_kernels.mm:14
            extern_kernels.mm(reinterpret_tensor(buf21, (256, 256), (256, 1), 0), reinterpret_tensor(arg14_1, (256, 64), (1, 256), 0), out=buf22)
            del arg14_1
            del buf21
            buf26 = empty_strided_cuda((4, 64, 64), (4096, 64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [, linear_3, x_2, layer_norm_2], Original ATen: [aten.addmm, aten.view, aten.add, aten.native_layer_norm]
            # [Provenance debug handles] triton_per_fused_add_addmm_native_layer_norm_view_8:15
            stream0 = get_raw_stream(0)
            triton_per_fused_add_addmm_native_layer_norm_view_8.run(buf15, arg15_1, buf22, arg16_1, arg17_1, buf26, 256, 64, stream=stream0)
            del arg16_1
            del arg17_1
            buf27 = empty_strided_cuda((256, 192), (192, 1), torch.float32)
            # Topologically Sorted Source Nodes: [, linear_3, x_2, layer_norm_2, linear_4], Original ATen: [aten.addmm, aten.view, aten.add, aten.native_layer_norm, aten.t]
            # [Provenance debug handles] extern_kernels.mm:16
            extern_kernels.mm(reinterpret_tensor(buf26, (256, 64), (64, 1), 0), reinterpret_tensor(arg18_1, (64, 192), (1, 64), 0), out=buf27)
            del arg18_1
            buf28 = reinterpret_tensor(buf26, (4, 2, 64, 32), (4096, 2048, 32, 1), 0); del buf26  # reuse
            # Topologically Sorted Source Nodes: [, linear_4, split_1, view_4, q_3, matmul_2], Original ATen: [aten.addmm, aten.view, aten.split, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused_addmm_clone_split_transpose_view_1:17
            stream0 = get_raw_stream(0)
            triton_poi_fused_addmm_clone_split_transpose_view_1.run(arg19_1, buf27, buf28, 16384, stream=stream0)
            buf29 = empty_strided_cuda((4, 2, 32, 64), (4096, 2048, 64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [, linear_4, split_1, view_5, k_3, transpose_8, matmul_2], Original ATen: [aten.addmm, aten.view, aten.split, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused_addmm_clone_split_transpose_view_2:18
            stream0 = get_raw_stream(0)
            triton_poi_fused_addmm_clone_split_transpose_view_2.run(arg19_1, buf27, buf29, 256, 64, stream=stream0)
            buf34 = empty_strided_cuda((4, 2, 64, 32), (4096, 2048, 32, 1), torch.float32)
            # Topologically Sorted Source Nodes: [, linear_4, split_1, view_6, v_3, y_2], Original ATen: [aten.addmm, aten.view, aten.split, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused_addmm_clone_split_transpose_view_3:19
            stream0 = get_raw_stream(0)
            triton_poi_fused_addmm_clone_split_transpose_view_3.run(arg19_1, buf27, buf34, 16384, stream=stream0)
            del arg19_1
            del buf27
            buf30 = empty_strided_cuda((8, 64, 64), (4096, 64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [, linear_4, split_1, view_4, q_3, matmul_2, view_5, k_3, transpose_8], Original ATen: [aten.addmm, aten.view, aten.split, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
            # [Provenance debug handles] extern_kernels.bmm:20
            extern_kernels.bmm(reinterpret_tensor(buf28, (8, 64, 32), (2048, 32, 1), 0), reinterpret_tensor(buf29, (8, 32, 64), (2048, 64, 1), 0), out=buf30)
            del buf28
            buf33 = reinterpret_tensor(buf30, (4, 2, 64, 64), (8192, 4096, 64, 1), 0); del buf30  # reuse
            # Topologically Sorted Source Nodes: [invert_1, scores_3, matmul_2, scores_2, , softmax_1], Original ATen: [aten.bitwise_not, aten.masked_fill, aten.view, aten.mul, prims.prepare_softmax_online, aten.sub, aten.exp, aten._softmax]
            # [Provenance debug handles] triton_per_fused__softmax_bitwise_not_exp_masked_fill_mul_prepare_softmax_online_sub_view_4:21
            stream0 = get_raw_stream(0)
            triton_per_fused__softmax_bitwise_not_exp_masked_fill_mul_prepare_softmax_online_sub_view_4.run(buf33, arg20_1, 512, 64, stream=stream0)
            del arg20_1
            buf35 = reinterpret_tensor(buf29, (8, 64, 32), (2048, 32, 1), 0); del buf29  # reuse
            # Topologically Sorted Source Nodes: [, linear_4, split_1, invert_1, scores_3, matmul_2, scores_2, softmax_1, y_2, view_6, v_3], Original ATen: [aten.addmm, aten.view, aten.split, aten.bitwise_not, aten.masked_fill, aten.mul, aten.sub, aten.exp, aten._softmax, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
            # [Provenance debug handles] extern_kernels.bmm:22
            extern_kernels.bmm(reinterpret_tensor(buf33, (8, 64, 64), (4096, 64, 1), 0), reinterpret_tensor(buf34, (8, 64, 32), (2048, 32, 1), 0), out=buf35)
            del buf33
            buf36 = reinterpret_tensor(buf34, (4, 64, 2, 32), (4096, 64, 32, 1), 0); del buf34  # reuse
            # Topologically Sorted Source Nodes: [y_2, transpose_9, contiguous_1], Original ATen: [aten.view, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused_clone_transpose_view_5:23
            stream0 = get_raw_stream(0)
            triton_poi_fused_clone_transpose_view_5.run(buf35, buf36, 16384, stream=stream0)
            buf37 = reinterpret_tensor(buf35, (256, 64), (64, 1), 0); del buf35  # reuse
            # Topologically Sorted Source Nodes: [y_2, transpose_9, contiguous_1, y_3, linear_5, ], Original ATen: [aten.view, aten.transpose, aten.clone, aten.t, aten.addmm]
            # [Provenance debug handles] extern_kernels.mm:24
            extern_kernels.mm(reinterpret_tensor(buf36, (256, 64), (64, 1), 0), reinterpret_tensor(arg21_1, (64, 64), (1, 64), 0), out=buf37)
            del arg21_1
            buf38 = buf15; del buf15  # reuse
            buf42 = reinterpret_tensor(buf36, (4, 64, 64), (4096, 64, 1), 0); del buf36  # reuse
            # Topologically Sorted Source Nodes: [, linear_3, x_2, linear_5, x_3, layer_norm_3], Original ATen: [aten.addmm, aten.view, aten.add, aten.native_layer_norm]
            # [Provenance debug handles] triton_per_fused_add_addmm_native_layer_norm_view_9:25
            stream0 = get_raw_stream(0)
            triton_per_fused_add_addmm_native_layer_norm_view_9.run(buf38, arg15_1, buf22, arg22_1, buf37, arg23_1, arg24_1, buf42, 256, 64, stream=stream0)
            del arg15_1
            del arg22_1
            del arg23_1
            del arg24_1
            del buf22
            del buf37
            buf43 = empty_strided_cuda((256, 256), (256, 1), torch.float32)
            # Topologically Sorted Source Nodes: [layer_norm_3, linear_6, ], Original ATen: [aten.native_layer_norm, aten.view, aten.t, aten.addmm]
            # [Provenance debug handles] extern_kernels.mm:26
            extern_kernels.mm(reinterpret_tensor(buf42, (256, 64), (64, 1), 0), reinterpret_tensor(arg25_1, (64, 256), (1, 64), 0), out=buf43)
            del arg25_1
            del buf42
            buf44 = reinterpret_tensor(buf43, (4, 64, 256), (16384, 256, 1), 0); del buf43  # reuse
            # Topologically Sorted Source Nodes: [, linear_6, gelu_1], Original ATen: [aten.addmm, aten.view, aten.gelu]
            # [Provenance debug handles] triton_poi_fused_addmm_gelu_view_7:27
            stream0 = get_raw_stream(0)
            triton_poi_fused_addmm_gelu_view_7.run(buf44, arg26_1, 65536, stream=stream0)
            del arg26_1
            buf45 = empty_strided_cuda((256, 64), (64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [, linear_6, gelu_1, linear_7], Original ATen: [aten.addmm, aten.view, aten.gelu, aten.t]
            # [Provenance debug handles] extern_kernels.mm:28
            extern_kernels.mm(reinterpret_tensor(buf44, (256, 256), (256, 1), 0), reinterpret_tensor(arg27_1, (256, 64), (1, 256), 0), out=buf45)
            del arg27_1
            del buf44
            buf49 = buf38; del buf38  # reuse
            # Topologically Sorted Source Nodes: [, linear_7, x_4, layer_norm_4], Original ATen: [aten.addmm, aten.view, aten.add, aten.native_layer_norm]
            # [Provenance debug handles] triton_per_fused_add_addmm_native_layer_norm_view_10:29
            stream0 = get_raw_stream(0)
            triton_per_fused_add_addmm_native_layer_norm_view_10.run(buf49, arg28_1, buf45, arg29_1, arg30_1, 256, 64, stream=stream0)
            del arg28_1
            del arg29_1
            del arg30_1
            del buf45
            buf50 = empty_strided_cuda((256, 32), (32, 1), torch.float32)
            # Topologically Sorted Source Nodes: [, linear_7, x_4, layer_norm_4, logits], Original ATen: [aten.addmm, aten.view, aten.add, aten.native_layer_norm, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:30
            extern_kernels.mm(reinterpret_tensor(buf49, (256, 64), (64, 1), 0), reinterpret_tensor(arg1_1, (64, 32), (1, 64), 0), out=buf50)
            del arg1_1
            del buf49
        return (reinterpret_tensor(buf50, (4, 64, 32), (2048, 32, 1), 0), )
