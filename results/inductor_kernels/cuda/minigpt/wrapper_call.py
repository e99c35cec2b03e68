    def call(self, args):
        arg0_1, arg1_1, arg2_1, arg3_1, arg4_1, arg5_1, arg6_1, arg7_1, arg8_1, arg9_1, arg10_1, arg11_1, arg12_1, arg13_1, arg14_1, arg15_1, arg16_1, arg17_1, arg18_1, arg19_1, arg20_1, arg21_1, arg22_1, arg23_1, arg24_1, arg25_1, arg26_1, arg27_1, arg28_1, arg29_1, arg30_1, arg31_1, arg32_1, arg33_1, arg34_1, arg35_1, arg36_1, arg37_1, arg38_1, arg39_1, arg40_1, arg41_1, arg42_1, arg43_1, arg44_1, arg45_1, arg46_1, arg47_1, arg48_1, arg49_1, arg50_1, arg51_1, arg52_1, arg53_1, arg54_1, arg55_1, arg56_1 = args
        args.clear()
        assert_size_stride(arg0_1, (8, 64), (64, 1))
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
        assert_size_stride(arg31_1, (192, 64), (64, 1))
        assert_size_stride(arg32_1, (192, ), (1, ))
        assert_size_stride(arg33_1, (1, 1, 64, 64), (4096, 4096, 64, 1))
        assert_size_stride(arg34_1, (64, 64), (64, 1))
        assert_size_stride(arg35_1, (64, ), (1, ))
        assert_size_stride(arg36_1, (64, ), (1, ))
        assert_size_stride(arg37_1, (64, ), (1, ))
        assert_size_stride(arg38_1, (256, 64), (64, 1))
        assert_size_stride(arg39_1, (256, ), (1, ))
        assert_size_stride(arg40_1, (64, 256), (256, 1))
        assert_size_stride(arg41_1, (64, ), (1, ))
        assert_size_stride(arg42_1, (64, ), (1, ))
        assert_size_stride(arg43_1, (64, ), (1, ))
        assert_size_stride(arg44_1, (192, 64), (64, 1))
        assert_size_stride(arg45_1, (192, ), (1, ))
        assert_size_stride(arg46_1, (1, 1, 64, 64), (4096, 4096, 64, 1))
        assert_size_stride(arg47_1, (64, 64), (64, 1))
        assert_size_stride(arg48_1, (64, ), (1, ))
        assert_size_stride(arg49_1, (64, ), (1, ))
        assert_size_stride(arg50_1, (64, ), (1, ))
        assert_size_stride(arg51_1, (256, 64), (64, 1))
        assert_size_stride(arg52_1, (256, ), (1, ))
        assert_size_stride(arg53_1, (64, 256), (256, 1))
        assert_size_stride(arg54_1, (64, ), (1, ))
        assert_size_stride(arg55_1, (64, ), (1, ))
        assert_size_stride(arg56_1, (64, ), (1, ))
        with torch.cuda._DeviceGuard(0):
            torch.cuda.set_device(0)
            buf3 = empty_strided_cuda((8, 64, 64), (4096, 64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [embedding, positions, embedding_1, add, layer_norm], Original ATen: [aten.embedding, aten.arange, aten.add, aten.native_layer_norm]
            # [Provenance debug handles] triton_per_fused_add_arange_embedding_native_layer_norm_0:1
            stream0 = get_raw_stream(0)
            triton_per_fused_add_arange_embedding_native_layer_norm_0.run(arg0_1, arg1_1, arg2_1, arg3_1, arg4_1, buf3, 512, 64, stream=stream0)
            del arg3_1
            del arg4_1
            buf4 = empty_strided_cuda((512, 192), (192, 1), torch.float32)
            # Topologically Sorted Source Nodes: [embedding, positions, embedding_1, add, layer_norm, linear, ], Original ATen: [aten.embedding, aten.arange, aten.add, aten.native_layer_norm, aten.view, aten.t, aten.addmm]
            # [Provenance debug handles] extern_kernels.mm:2
            extern_kernels.mm(reinterpret_tensor(buf3, (512, 64), (64, 1), 0), reinterpret_tensor(arg5_1, (64, 192), (1, 64), 0), out=buf4)
            del arg5_1
            buf5 = reinterpret_tensor(buf3, (8, 4, 64, 16), (4096, 1024, 16, 1), 0); del buf3  # reuse
            # Topologically Sorted Source Nodes: [, linear, split, view, q_1, matmul], Original ATen: [aten.addmm, aten.view, aten.split, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused_addmm_clone_split_transpose_view_1:3
            stream0 = get_raw_stream(0)
            triton_poi_fused_addmm_clone_split_transpose_view_1.run(arg6_1, buf4, buf5, 32768, stream=stream0)
            buf6 = empty_strided_cuda((8, 4, 16, 64), (4096, 1024, 64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [, linear, split, view_1, k_1, transpose_3, matmul], Original ATen: [aten.addmm, aten.view, aten.split, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused_addmm_clone_split_transpose_view_2:4
            stream0 = get_raw_stream(0)
            triton_poi_fused_addmm_clone_split_transpose_view_2.run(arg6_1, buf4, buf6, 512, 64, stream=stream0)
            buf11 = empty_strided_cuda((8, 4, 64, 16), (4096, 1024, 16, 1), torch.float32)
            # Topologically Sorted Source Nodes: [, linear, split, view_2, v_1, y], Original ATen: [aten.addmm, aten.view, aten.split, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused_addmm_clone_split_transpose_view_3:5
            stream0 = get_raw_stream(0)
            triton_poi_fused_addmm_clone_split_transpose_view_3.run(arg6_1, buf4, buf11, 32768, stream=stream0)
            del arg6_1
            del buf4
            buf7 = empty_strided_cuda((32, 64, 64), (4096, 64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [, linear, split, view, q_1, matmul, view_1, k_1, transpose_3], Original ATen: [aten.addmm, aten.view, aten.split, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
            # [Provenance debug handles] extern_kernels.bmm:6
            extern_kernels.bmm(reinterpret_tensor(buf5, (32, 64, 16), (1024, 16, 1), 0), reinterpret_tensor(buf6, (32, 16, 64), (1024, 64, 1), 0), out=buf7)
            buf10 = reinterpret_tensor(buf7, (8, 4, 64, 64), (16384, 4096, 64, 1), 0); del buf7  # reuse
            # Topologically Sorted Source Nodes: [invert, scores_1, matmul, scores, , softmax], Original ATen: [aten.bitwise_not, aten.masked_fill, aten.view, aten.mul, prims.prepare_softmax_online, aten.sub, aten.exp, aten._softmax]
            # [Provenance debug handles] triton_per_fused__softmax_bitwise_not_exp_masked_fill_mul_prepare_softmax_online_sub_view_4:7
            stream0 = get_raw_stream(0)
            triton_per_fused__softmax_bitwise_not_exp_masked_fill_mul_prepare_softmax_online_sub_view_4.run(buf10, arg7_1, 2048, 64, stream=stream0)
            del arg7_1
            buf12 = reinterpret_tensor(buf6, (32, 64, 16), (1024, 16, 1), 0); del buf6  # reuse
            # Topologically Sorted Source Nodes: [, linear, split, invert, scores_1, matmul, scores, softmax, y, view_2, v_1], Original ATen: [aten.addmm, aten.view, aten.split, aten.bitwise_not, aten.masked_fill, aten.mul, aten.sub, aten.exp, aten._softmax, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
            # [Provenance debug handles] extern_kernels.bmm:8
            extern_kernels.bmm(reinterpret_tensor(buf10, (32, 64, 64), (4096, 64, 1), 0), reinterpret_tensor(buf11, (32, 64, 16), (1024, 16, 1), 0), out=buf12)
            buf13 = reinterpret_tensor(buf11, (8, 64, 4, 16), (4096, 64, 16, 1), 0); del buf11  # reuse
            # Topologically Sorted Source Nodes: [y, transpose_4, contiguous], Original ATen: [aten.view, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused_clone_transpose_view_5:9
            stream0 = get_raw_stream(0)
            triton_poi_fused_clone_transpose_view_5.run(buf12, buf13, 32768, stream=stream0)
            buf14 = reinterpret_tensor(buf12, (512, 64), (64, 1), 0); del buf12  # reuse
            # Topologically Sorted Source Nodes: [y, transpose_4, contiguous, y_1, linear_1, ], Original ATen: [aten.view, aten.transpose, aten.clone, aten.t, aten.addmm]
            # [Provenance debug handles] extern_kernels.mm:10
            extern_kernels.mm(reinterpret_tensor(buf13, (512, 64), (64, 1), 0), reinterpret_tensor(arg8_1, (64, 64), (1, 64), 0), out=buf14)
            del arg8_1
            buf15 = reinterpret_tensor(buf14, (8, 64, 64), (4096, 64, 1), 0); del buf14  # reuse
            buf19 = reinterpret_tensor(buf13, (8, 64, 64), (4096, 64, 1), 0); del buf13  # reuse
            # Topologically Sorted Source Nodes: [embedding, positions, embedding_1, add, , linear_1, x_1, layer_norm_1], Original ATen: [aten.embedding, aten.arange, aten.add, aten.addmm, aten.view, aten.native_layer_norm]
            # [Provenance debug handles] triton_per_fused_add_addmm_arange_embedding_native_layer_norm_view_6:11
            stream0 = get_raw_stream(0)
            triton_per_fused_add_addmm_arange_embedding_native_layer_norm_view_6.run(buf15, arg0_1, arg1_1, arg2_1, arg9_1, arg10_1, arg11_1, buf19, 512, 64, stream=stream0)
            del arg0_1
            del arg10_1
            del arg11_1
            del arg2_1
            del arg9_1
            buf20 = reinterpret_tensor(buf10, (512, 256), (256, 1), 0); del buf10  # reuse
            # Topologically Sorted Source Nodes: [layer_norm_1, linear_2, ], Original ATen: [aten.native_layer_norm, aten.view, aten.t, aten.addmm]
            # [Provenance debug handles] extern_kernels.mm:12
            extern_kernels.mm(reinterpret_tensor(buf19, (512, 64), (64, 1), 0), reinterpret_tensor(arg12_1, (64, 256), (1, 64), 0), out=buf20)
            del arg12_1
            buf21 = reinterpret_tensor(buf20, (8, 64, 256), (16384, 256, 1), 0); del buf20  # reuse
            # Topologically Sorted Source Nodes: [, linear_2, gelu], Original ATen: [aten.addmm, aten.view, aten.gelu]
            # [Provenance debug handles] triton_poi_fused_addmm_gelu_view_7:13
            stream0 = get_raw_stream(0)
            triton_poi_fused_addmm_gelu_view_7.run(buf21, arg13_1, 131072, stream=stream0)
            del arg13_1
            buf22 = reinterpret_tensor(buf19, (512, 64), (64, 1), 0); del buf19  # reuse
            # Topologically Sorted Source Nodes: [, linear_2, gelu, linear_3], Original ATen: [aten.addmm, aten.view, aten.gelu, aten.t]
            # [Provenance debug handles] extern_kernels.mm:14
            extern_kernels.mm(reinterpret_tensor(buf21, (512, 256), (256, 1), 0), reinterpret_tensor(arg14_1, (256, 64), (1, 256), 0), out=buf22)
            del arg14_1
            del buf21
            buf26 = reinterpret_tensor(buf5, (8, 64, 64), (4096, 64, 1), 0); del buf5  # reuse
            # Topologically Sorted Source Nodes: [, linear_3, x_2, layer_norm_2], Original ATen: [aten.addmm, aten.view, aten.add, aten.native_layer_norm]
            # [Provenance debug handles] triton_per_fused_add_addmm_native_layer_norm_view_8:15
            stream0 = get_raw_stream(0)
            triton_per_fused_add_addmm_native_layer_norm_view_8.run(buf15, arg15_1, buf22, arg16_1, arg17_1, buf26, 512, 64, stream=stream0)
            del arg16_1
            del arg17_1
            buf27 = empty_strided_cuda((512, 192), (192, 1), torch.float32)
            # Topologically Sorted Source Nodes: [, linear_3, x_2, layer_norm_2, linear_4], Original ATen: [aten.addmm, aten.view, aten.add, aten.native_layer_norm, aten.t]
            # [Provenance debug handles] extern_kernels.mm:16
            extern_kernels.mm(reinterpret_tensor(buf26, (512, 64), (64, 1), 0), reinterpret_tensor(arg18_1, (64, 192), (1, 64), 0), out=buf27)
            del arg18_1
            buf28 = reinterpret_tensor(buf26, (8, 4, 64, 16), (4096, 1024, 16, 1), 0); del buf26  # reuse
            # Topologically Sorted Source Nodes: [, linear_4, split_1, view_4, q_3, matmul_2], Original ATen: [aten.addmm, aten.view, aten.split, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused_addmm_clone_split_transpose_view_1:17
            stream0 = get_raw_stream(0)
            triton_poi_fused_addmm_clone_split_transpose_view_1.run(arg19_1, buf27, buf28, 32768, stream=stream0)
            buf29 = empty_strided_cuda((8, 4, 16, 64), (4096, 1024, 64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [, linear_4, split_1, view_5, k_3, transpose_8, matmul_2], Original ATen: [aten.addmm, aten.view, aten.split, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused_addmm_clone_split_transpose_view_2:18
            stream0 = get_raw_stream(0)
            triton_poi_fused_addmm_clone_split_transpose_view_2.run(arg19_1, buf27, buf29, 512, 64, stream=stream0)
            buf34 = empty_strided_cuda((8, 4, 64, 16), (4096, 1024, 16, 1), torch.float32)
            # Topologically Sorted Source Nodes: [, linear_4, split_1, view_6, v_3, y_2], Original ATen: [aten.addmm, aten.view, aten.split, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused_addmm_clone_split_transpose_view_3:19
            stream0 = get_raw_stream(0)
            triton_poi_fused_addmm_clone_split_transpose_view_3.run(arg19_1, buf27, buf34, 32768, stream=stream0)
            del arg19_1
            del buf27
            buf30 = empty_strided_cuda((32, 64, 64), (4096, 64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [, linear_4, split_1, view_4, q_3, matmul_2, view_5, k_3, transpose_8], Original ATen: [aten.addmm, aten.view, aten.split, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
            # [Provenance debug handles] extern_kernels.bmm:20
            extern_kernels.bmm(reinterpret_tensor(buf28, (32, 64, 16), (1024, 16, 1), 0), reinterpret_tensor(buf29, (32, 16, 64), (1024, 64, 1), 0), out=buf30)
            del buf28
            del buf29
            buf33 = reinterpret_tensor(buf30, (8, 4, 64, 64), (16384, 4096, 64, 1), 0); del buf30  # reuse
            # Topologically Sorted Source Nodes: [invert_1, scores_3, matmul_2, scores_2, , softmax_1], Original ATen: [aten.bitwise_not, aten.masked_fill, aten.view, aten.mul, prims.prepare_softmax_online, aten.sub, aten.exp, aten._softmax]
            # [Provenance debug handles] triton_per_fused__softmax_bitwise_not_exp_masked_fill_mul_prepare_softmax_online_sub_view_4:21
            stream0 = get_raw_stream(0)
            triton_per_fused__softmax_bitwise_not_exp_masked_fill_mul_prepare_softmax_online_sub_view_4.run(buf33, arg20_1, 2048, 64, stream=stream0)
            del arg20_1
            buf35 = empty_strided_cuda((32, 64, 16), (1024, 16, 1), torch.float32)
            # Topologically Sorted Source Nodes: [, linear_4, split_1, invert_1, scores_3, matmul_2, scores_2, softmax_1, y_2, view_6, v_3], Original ATen: [aten.addmm, aten.view, aten.split, aten.bitwise_not, aten.masked_fill, aten.mul, aten.sub, aten.exp, aten._softmax, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
            # [Provenance debug handles] extern_kernels.bmm:22
            extern_kernels.bmm(reinterpret_tensor(buf33, (32, 64, 64), (4096, 64, 1), 0), reinterpret_tensor(buf34, (32, 64, 16), (1024, 16, 1), 0), out=buf35)
            buf36 = reinterpret_tensor(buf34, (8, 64, 4, 16), (4096, 64, 16, 1), 0); del buf34  # reuse
            # Topologically Sorted Source Nodes: [y_2, transpose_9, contiguous_1], Original ATen: [aten.view, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused_clone_transpose_view_5:23
            stream0 = get_raw_stream(0)
            triton_poi_fused_clone_transpose_view_5.run(buf35, buf36, 32768, stream=stream0)
            buf37 = reinterpret_tensor(buf35, (512, 64), (64, 1), 0); del buf35  # reuse
            # Topologically Sorted Source Nodes: [y_2, transpose_9, contiguous_1, y_3, linear_5, ], Original ATen: [aten.view, aten.transpose, aten.clone, aten.t, aten.addmm]
            # [Provenance debug handles] extern_kernels.mm:24
            extern_kernels.mm(reinterpret_tensor(buf36, (512, 64), (64, 1), 0), reinterpret_tensor(arg21_1, (64, 64), (1, 64), 0), out=buf37)
            del arg21_1
            buf38 = buf15; del buf15  # reuse
            buf42 = reinterpret_tensor(buf36, (8, 64, 64), (4096, 64, 1), 0); del buf36  # reuse
            # Topologically Sorted Source Nodes: [, linear_3, x_2, linear_5, x_3, layer_norm_3], Original ATen: [aten.addmm, aten.view, aten.add, aten.native_layer_norm]
            # [Provenance debug handles] triton_per_fused_add_addmm_native_layer_norm_view_9:25
            stream0 = get_raw_stream(0)
            triton_per_fused_add_addmm_native_layer_norm_view_9.run(buf38, arg15_1, buf22, arg22_1, buf37, arg23_1, arg24_1, buf42, 512, 64, stream=stream0)
            del arg15_1
            del arg22_1
            del arg23_1
            del arg24_1
            del buf22
            buf43 = reinterpret_tensor(buf33, (512, 256), (256, 1), 0); del buf33  # reuse
            # Topologically Sorted Source Nodes: [layer_norm_3, linear_6, ], Original ATen: [aten.native_layer_norm, aten.view, aten.t, aten.addmm]
            # [Provenance debug handles] extern_kernels.mm:26
            extern_kernels.mm(reinterpret_tensor(buf42, (512, 64), (64, 1), 0), reinterpret_tensor(arg25_1, (64, 256), (1, 64), 0), out=buf43)
            del arg25_1
            buf44 = reinterpret_tensor(buf43, (8, 64, 256), (16384, 256, 1), 0); del buf43  # reuse
            # Topologically Sorted Source Nodes: [, linear_6, gelu_1], Original ATen: [aten.addmm, aten.view, aten.gelu]
            # [Provenance debug handles] triton_poi_fused_addmm_gelu_view_7:27
            stream0 = get_raw_stream(0)
            triton_poi_fused_addmm_gelu_view_7.run(buf44, arg26_1, 131072, stream=stream0)
            del arg26_1
            buf45 = reinterpret_tensor(buf42, (512, 64), (64, 1), 0); del buf42  # reuse
            # Topologically Sorted Source Nodes: [, linear_6, gelu_1, linear_7], Original ATen: [aten.addmm, aten.view, aten.gelu, aten.t]
            # [Provenance debug handles] extern_kernels.mm:28
            extern_kernels.mm(reinterpret_tensor(buf44, (512, 256), (256, 1), 0), reinterpret_tensor(arg27_1, (256, 64), (1, 256), 0), out=buf45)
            del arg27_1
            del buf44
            buf49 = reinterpret_tensor(buf37, (8, 64, 64), (4096, 64, 1), 0); del buf37  # reuse
            # Topologically Sorted Source Nodes: [, linear_7, x_4, layer_norm_4], Original ATen: [aten.addmm, aten.view, aten.add, aten.native_layer_norm]
            # [Provenance debug handles] triton_per_fused_add_addmm_native_layer_norm_view_8:29
            stream0 = get_raw_stream(0)
            triton_per_fused_add_addmm_native_layer_norm_view_8.run(buf38, arg28_1, buf45, arg29_1, arg30_1, buf49, 512, 64, stream=stream0)
            del arg29_1
            del arg30_1
            buf50 = empty_strided_cuda((512, 192), (192, 1), torch.float32)
            # Topologically Sorted Source Nodes: [, linear_7, x_4, layer_norm_4, linear_8], Original ATen: [aten.addmm, aten.view, aten.add, aten.native_layer_norm, aten.t]
            # [Provenance debug handles] extern_kernels.mm:30
            extern_kernels.mm(reinterpret_tensor(buf49, (512, 64), (64, 1), 0), reinterpret_tensor(arg31_1, (64, 192), (1, 64), 0), out=buf50)
            del arg31_1
            buf51 = reinterpret_tensor(buf49, (8, 4, 64, 16), (4096, 1024, 16, 1), 0); del buf49  # reuse
            # Topologically Sorted Source Nodes: [, linear_8, split_2, view_8, q_5, matmul_4], Original ATen: [aten.addmm, aten.view, aten.split, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused_addmm_clone_split_transpose_view_1:31
            stream0 = get_raw_stream(0)
            triton_poi_fused_addmm_clone_split_transpose_view_1.run(arg32_1, buf50, buf51, 32768, stream=stream0)
            buf52 = empty_strided_cuda((8, 4, 16, 64), (4096, 1024, 64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [, linear_8, split_2, view_9, k_5, transpose_13, matmul_4], Original ATen: [aten.addmm, aten.view, aten.split, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused_addmm_clone_split_transpose_view_2:32
            stream0 = get_raw_stream(0)
            triton_poi_fused_addmm_clone_split_transpose_view_2.run(arg32_1, buf50, buf52, 512, 64, stream=stream0)
            buf57 = empty_strided_cuda((8, 4, 64, 16), (4096, 1024, 16, 1), torch.float32)
            # Topologically Sorted Source Nodes: [, linear_8, split_2, view_10, v_5, y_4], Original ATen: [aten.addmm, aten.view, aten.split, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused_addmm_clone_split_transpose_view_3:33
            stream0 = get_raw_stream(0)
            triton_poi_fused_addmm_clone_split_transpose_view_3.run(arg32_1, buf50, buf57, 32768, stream=stream0)
            del arg32_1
            del buf50
            buf53 = empty_strided_cuda((32, 64, 64), (4096, 64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [, linear_8, split_2, view_8, q_5, matmul_4, view_9, k_5, transpose_13], Original ATen: [aten.addmm, aten.view, aten.split, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
            # [Provenance debug handles] extern_kernels.bmm:34
            extern_kernels.bmm(reinterpret_tensor(buf51, (32, 64, 16), (1024, 16, 1), 0), reinterpret_tensor(buf52, (32, 16, 64), (1024, 64, 1), 0), out=buf53)
            del buf51
            del buf52
            buf56 = reinterpret_tensor(buf53, (8, 4, 64, 64), (16384, 4096, 64, 1), 0); del buf53  # reuse
            # Topologically Sorted Source Nodes: [invert_2, scores_5, matmul_4, scores_4, , softmax_2], Original ATen: [aten.bitwise_not, aten.masked_fill, aten.view, aten.mul, prims.prepare_softmax_online, aten.sub, aten.exp, aten._softmax]
            # [Provenance debug handles] triton_per_fused__softmax_bitwise_not_exp_masked_fill_mul_prepare_softmax_online_sub_view_4:35
            stream0 = get_raw_stream(0)
            triton_per_fused__softmax_bitwise_not_exp_masked_fill_mul_prepare_softmax_online_sub_view_4.run(buf56, arg33_1, 2048, 64, stream=stream0)
            del arg33_1
            buf58 = empty_strided_cuda((32, 64, 16), (1024, 16, 1), torch.float32)
            # Topologically Sorted Source Nodes: [, linear_8, split_2, invert_2, scores_5, matmul_4, scores_4, softmax_2, y_4, view_10, v_5], Original ATen: [aten.addmm, aten.view, aten.split, aten.bitwise_not, aten.masked_fill, aten.mul, aten.sub, aten.exp, aten._softmax, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
            # [Provenance debug handles] extern_kernels.bmm:36
            extern_kernels.bmm(reinterpret_tensor(buf56, (32, 64, 64), (4096, 64, 1), 0), reinterpret_tensor(buf57, (32, 64, 16), (1024, 16, 1), 0), out=buf58)
            buf59 = reinterpret_tensor(buf57, (8, 64, 4, 16), (4096, 64, 16, 1), 0); del buf57  # reuse
            # Topologically Sorted Source Nodes: [y_4, transpose_14, contiguous_2], Original ATen: [aten.view, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused_clone_transpose_view_5:37
            stream0 = get_raw_stream(0)
            triton_poi_fused_clone_transpose_view_5.run(buf58, buf59, 32768, stream=stream0)
            buf60 = reinterpret_tensor(buf58, (512, 64), (64, 1), 0); del buf58  # reuse
            # Topologically Sorted Source Nodes: [y_4, transpose_14, contiguous_2, y_5, linear_9, ], Original ATen: [aten.view, aten.transpose, aten.clone, aten.t, aten.addmm]
            # [Provenance debug handles] extern_kernels.mm:38
            extern_kernels.mm(reinterpret_tensor(buf59, (512, 64), (64, 1), 0), reinterpret_tensor(arg34_1, (64, 64), (1, 64), 0), out=buf60)
            del arg34_1
            buf61 = buf38; del buf38  # reuse
            buf65 = reinterpret_tensor(buf59, (8, 64, 64), (4096, 64, 1), 0); del buf59  # reuse
            # Topologically Sorted Source Nodes: [, linear_7, x_4, linear_9, x_5, layer_norm_5], Original ATen: [aten.addmm, aten.view, aten.add, aten.native_layer_norm]
            # [Provenance debug handles] triton_per_fused_add_addmm_native_layer_norm_view_9:39
            stream0 = get_raw_stream(0)
            triton_per_fused_add_addmm_native_layer_norm_view_9.run(buf61, arg28_1, buf45, arg35_1, buf60, arg36_1, arg37_1, buf65, 512, 64, stream=stream0)
            del arg28_1
            del arg35_1
            del arg36_1
            del arg37_1
            del buf45
            buf66 = reinterpret_tensor(buf56, (512, 256), (256, 1), 0); del buf56  # reuse
            # Topologically Sorted Source Nodes: [layer_norm_5, linear_10, ], Original ATen: [aten.native_layer_norm, aten.view, aten.t, aten.addmm]
            # [Provenance debug handles] extern_kernels.mm:40
            extern_kernels.mm(reinterpret_tensor(buf65, (512, 64), (64, 1), 0), reinterpret_tensor(arg38_1, (64, 256), (1, 64), 0), out=buf66)
            del arg38_1
            buf67 = reinterpret_tensor(buf66, (8, 64, 256), (16384, 256, 1), 0); del buf66  # reuse
            # Topologically Sorted Source Nodes: [, linear_10, gelu_2], Original ATen: [aten.addmm, aten.view, aten.gelu]
            # [Provenance debug handles] triton_poi_fused_addmm_gelu_view_7:41
            stream0 = get_raw_stream(0)
            triton_poi_fused_addmm_gelu_view_7.run(buf67, arg39_1, 131072, stream=stream0)
            del arg39_1
            buf68 = reinterpret_tensor(buf65, (512, 64), (64, 1), 0); del buf65  # reuse
            # Topologically Sorted Source Nodes: [, linear_10, gelu_2, linear_11], Original ATen: [aten.addmm, aten.view, aten.gelu, aten.t]
            # [Provenance debug handles] extern_kernels.mm:42
            extern_kernels.mm(reinterpret_tensor(buf67, (512, 256), (256, 1), 0), reinterpret_tensor(arg40_1, (256, 64), (1, 256), 0), out=buf68)
            del arg40_1
            del buf67
            buf72 = reinterpret_tensor(buf60, (8, 64, 64), (4096, 64, 1), 0); del buf60  # reuse
            # Topologically Sorted Source Nodes: [, linear_11, x_6, layer_norm_6], Original ATen: [aten.addmm, aten.view, aten.add, aten.native_layer_norm]
            # [Provenance debug handles] triton_per_fused_add_addmm_native_layer_norm_view_8:43
            stream0 = get_raw_stream(0)
            triton_per_fused_add_addmm_native_layer_norm_view_8.run(buf61, arg41_1, buf68, arg42_1, arg43_1, buf72, 512, 64, stream=stream0)
            del arg42_1
            del arg43_1
            buf73 = empty_strided_cuda((512, 192), (192, 1), torch.float32)
            # Topologically Sorted Source Nodes: [, linear_11, x_6, layer_norm_6, linear_12], Original ATen: [aten.addmm, aten.view, aten.add, aten.native_layer_norm, aten.t]
            # [Provenance debug handles] extern_kernels.mm:44
            extern_kernels.mm(reinterpret_tensor(buf72, (512, 64), (64, 1), 0), reinterpret_tensor(arg44_1, (64, 192), (1, 64), 0), out=buf73)
            del arg44_1
            buf74 = reinterpret_tensor(buf72, (8, 4, 64, 16), (4096, 1024, 16, 1), 0); del buf72  # reuse
            # Topologically Sorted Source Nodes: [, linear_12, split_3, view_12, q_7, matmul_6], Original ATen: [aten.addmm, aten.view, aten.split, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused_addmm_clone_split_transpose_view_1:45
            stream0 = get_raw_stream(0)
            triton_poi_fused_addmm_clone_split_transpose_view_1.run(arg45_1, buf73, buf74, 32768, stream=stream0)
            buf75 = empty_strided_cuda((8, 4, 16, 64), (4096, 1024, 64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [, linear_12, split_3, view_13, k_7, transpose_18, matmul_6], Original ATen: [aten.addmm, aten.view, aten.split, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused_addmm_clone_split_transpose_view_2:46
            stream0 = get_raw_stream(0)
            triton_poi_fused_addmm_clone_split_transpose_view_2.run(arg45_1, buf73, buf75, 512, 64, stream=stream0)
            buf80 = empty_strided_cuda((8, 4, 64, 16), (4096, 1024, 16, 1), torch.float32)
            # Topologically Sorted Source Nodes: [, linear_12, split_3, view_14, v_7, y_6], Original ATen: [aten.addmm, aten.view, aten.split, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused_addmm_clone_split_transpose_view_3:47
            stream0 = get_raw_stream(0)
            triton_poi_fused_addmm_clone_split_transpose_view_3.run(arg45_1, buf73, buf80, 32768, stream=stream0)
            del arg45_1
            del buf73
            buf76 = empty_strided_cuda((32, 64, 64), (4096, 64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [, linear_12, split_3, view_12, q_7, matmul_6, view_13, k_7, transpose_18], Original ATen: [aten.addmm, aten.view, aten.split, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
            # [Provenance debug handles] extern_kernels.bmm:48
            extern_kernels.bmm(reinterpret_tensor(buf74, (32, 64, 16), (1024, 16, 1), 0), reinterpret_tensor(buf75, (32, 16, 64), (1024, 64, 1), 0), out=buf76)
            del buf74
            del buf75
            buf79 = reinterpret_tensor(buf76, (8, 4, 64, 64), (16384, 4096, 64, 1), 0); del buf76  # reuse
            # Topologically Sorted Source Nodes: [invert_3, scores_7, matmul_6, scores_6, , softmax_3], Original ATen: [aten.bitwise_not, aten.masked_fill, aten.view, aten.mul, prims.prepare_softmax_online, aten.sub, aten.exp, aten._softmax]
            # [Provenance debug handles] triton_per_fused__softmax_bitwise_not_exp_masked_fill_mul_prepare_softmax_online_sub_view_4:49
            stream0 = get_raw_stream(0)
            triton_per_fused__softmax_bitwise_not_exp_masked_fill_mul_prepare_softmax_online_sub_view_4.run(buf79, arg46_1, 2048, 64, stream=stream0)
            del arg46_1
            buf81 = empty_strided_cuda((32, 64, 16), (1024, 16, 1), torch.float32)
            # Topologically Sorted Source Nodes: [, linear_12, split_3, invert_3, scores_7, matmul_6, scores_6, softmax_3, y_6, view_14, v_7], Original ATen: [aten.addmm, aten.view, aten.split, aten.bitwise_not, aten.masked_fill, aten.mul, aten.sub, aten.exp, aten._softmax, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
            # [Provenance debug handles] extern_kernels.bmm:50
            extern_kernels.bmm(reinterpret_tensor(buf79, (32, 64, 64), (4096, 64, 1), 0), reinterpret_tensor(buf80, (32, 64, 16), (1024, 16, 1), 0), out=buf81)
            buf82 = reinterpret_tensor(buf80, (8, 64, 4, 16), (4096, 64, 16, 1), 0); del buf80  # reuse
            # Topologically Sorted Source Nodes: [y_6, transpose_19, contiguous_3], Original ATen: [aten.view, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused_clone_transpose_view_5:51
            stream0 = get_raw_stream(0)
            triton_poi_fused_clone_transpose_view_5.run(buf81, buf82, 32768, stream=stream0)
            buf83 = reinterpret_tensor(buf81, (512, 64), (64, 1), 0); del buf81  # reuse
            # Topologically Sorted Source Nodes: [y_6, transpose_19, contiguous_3, y_7, linear_13, ], Original ATen: [aten.view, aten.transpose, aten.clone, aten.t, aten.addmm]
            # [Provenance debug handles] extern_kernels.mm:52
            extern_kernels.mm(reinterpret_tensor(buf82, (512, 64), (64, 1), 0), reinterpret_tensor(arg47_1, (64, 64), (1, 64), 0), out=buf83)
            del arg47_1
            buf84 = buf61; del buf61  # reuse
            buf88 = reinterpret_tensor(buf82, (8, 64, 64), (4096, 64, 1), 0); del buf82  # reuse
            # Topologically Sorted Source Nodes: [, linear_11, x_6, linear_13, x_7, layer_norm_7], Original ATen: [aten.addmm, aten.view, aten.add, aten.native_layer_norm]
            # [Provenance debug handles] triton_per_fused_add_addmm_native_layer_norm_view_9:53
            stream0 = get_raw_stream(0)
            triton_per_fused_add_addmm_native_layer_norm_view_9.run(buf84, arg41_1, buf68, arg48_1, buf83, arg49_1, arg50_1, buf88, 512, 64, stream=stream0)
            del arg41_1
            del arg48_1
            del arg49_1
            del arg50_1
            del buf68
            del buf83
            buf89 = reinterpret_tensor(buf79, (512, 256), (256, 1), 0); del buf79  # reuse
            # Topologically Sorted Source Nodes: [layer_norm_7, linear_14, ], Original ATen: [aten.native_layer_norm, aten.view, aten.t, aten.addmm]
            # [Provenance debug handles] extern_kernels.mm:54
            extern_kernels.mm(reinterpret_tensor(buf88, (512, 64), (64, 1), 0), reinterpret_tensor(arg51_1, (64, 256), (1, 64), 0), out=buf89)
            del arg51_1
            buf90 = reinterpret_tensor(buf89, (8, 64, 256), (16384, 256, 1), 0); del buf89  # reuse
            # Topologically Sorted Source Nodes: [, linear_14, gelu_3], Original ATen: [aten.addmm, aten.view, aten.gelu]
            # [Provenance debug handles] triton_poi_fused_addmm_gelu_view_7:55
            stream0 = get_raw_stream(0)
            triton_poi_fused_addmm_gelu_view_7.run(buf90, arg52_1, 131072, stream=stream0)
            del arg52_1
            buf91 = reinterpret_tensor(buf88, (512, 64), (64, 1), 0); del buf88  # reuse
            # Topologically Sorted Source Nodes: [, linear_14, gelu_3, linear_15], Original ATen: [aten.addmm, aten.view, aten.gelu, aten.t]
            # [Provenance debug handles] extern_kernels.mm:56
            extern_kernels.mm(reinterpret_tensor(buf90, (512, 256), (256, 1), 0), reinterpret_tensor(arg53_1, (256, 64), (1, 256), 0), out=buf91)
            del arg53_1
            del buf90
            buf95 = buf84; del buf84  # reuse
            # Topologically Sorted Source Nodes: [, linear_15, x_8, layer_norm_8], Original ATen: [aten.addmm, aten.view, aten.add, aten.native_layer_norm]
            # [Provenance debug handles] triton_per_fused_add_addmm_native_layer_norm_view_10:57
            stream0 = get_raw_stream(0)
            triton_per_fused_add_addmm_native_layer_norm_view_10.run(buf95, arg54_1, buf91, arg55_1, arg56_1, 512, 64, stream=stream0)
            del arg54_1
            del arg55_1
            del arg56_1
            del buf91
            buf96 = empty_strided_cuda((512, 32), (32, 1), torch.float32)
            # Topologically Sorted Source Nodes: [, linear_15, x_8, layer_norm_8, logits], Original ATen: [aten.addmm, aten.view, aten.add, aten.native_layer_norm, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:58
            extern_kernels.mm(reinterpret_tensor(buf95, (512, 64), (64, 1), 0), reinterpret_tensor(arg1_1, (64, 32), (1, 64), 0), out=buf96)
            del arg1_1
            del buf95
        return (reinterpret_tensor(buf96, (8, 64, 32), (2048, 32, 1), 0), )
