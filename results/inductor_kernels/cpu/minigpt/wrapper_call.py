    def call(self, args):
        arg0_1, arg1_1, arg2_1, arg3_1, arg4_1, arg5_1, arg6_1, arg7_1, arg8_1, arg9_1, arg10_1, arg11_1, arg12_1, arg13_1, arg14_1, arg15_1, arg16_1, arg17_1, arg18_1, arg19_1, arg20_1, arg21_1, arg22_1, arg23_1, arg24_1, arg25_1, arg26_1, arg27_1, arg28_1, arg29_1, arg30_1, arg31_1, arg32_1, arg33_1, arg34_1, arg35_1, arg36_1, arg37_1, arg38_1, arg39_1, arg40_1, arg41_1, arg42_1, arg43_1, arg44_1, arg45_1, arg46_1, arg47_1, arg48_1, arg49_1, arg50_1, arg51_1, arg52_1, arg53_1, arg54_1, arg55_1, arg56_1 = args
        args.clear()
        assert_size_stride(arg0_1, (8, 64), (64, 1), 'input')
        assert_size_stride(arg1_1, (32, 64), (64, 1), 'input')
        assert_size_stride(arg2_1, (64, 64), (64, 1), 'input')
        buf0 = empty_strided_cpu((8, 64, 1), (64, 1, 512), torch.float32)
        buf1 = buf0; del buf0  # reuse
        assert_size_stride(arg3_1, (64, ), (1, ), 'input')
        assert_size_stride(arg4_1, (64, ), (1, ), 'input')
        buf2 = empty_strided_cpu((8, 64, 1), (64, 1, 512), torch.float32)
        buf3 = empty_strided_cpu((8, 64, 64), (4096, 64, 1), torch.float32)
        assert_size_stride(arg6_1, (192, ), (1, ), 'input')
        assert_size_stride(arg5_1, (192, 64), (64, 1), 'input')
        # [Provenance debug handles] cpp_fused_add_arange_embedding_native_layer_norm_0:1
        cpp_fused_add_arange_embedding_native_layer_norm_0(buf1, arg0_1, arg1_1, arg2_1, arg3_1, arg4_1, buf2, buf3)
        del arg3_1
        del arg4_1
        buf4 = empty_strided_cpu((512, 192), (192, 1), torch.float32)
        # Topologically Sorted Source Nodes: [embedding, positions, embedding_1, add, layer_norm, linear], Original ATen: [aten.embedding, aten.arange, aten.add, aten.native_layer_norm, aten.view, aten.t, aten.addmm]
        # [Provenance debug handles] extern_kernels.addmm:2
        extern_kernels.addmm(arg6_1, reinterpret_tensor(buf3, (512, 64), (64, 1), 0), reinterpret_tensor(arg5_1, (64, 192), (1, 64), 0), alpha=1, beta=1, out=buf4)
        del arg5_1
        del arg6_1
        buf5 = reinterpret_tensor(buf3, (8, 4, 64, 16), (4096, 1024, 16, 1), 0); del buf3  # reuse
        buf6 = empty_strided_cpu((8, 4, 16, 64), (4096, 1024, 64, 1), torch.float32)
        buf12 = empty_strided_cpu((8, 4, 64, 16), (4096, 1024, 16, 1), torch.float32)
        # [Provenance debug handles] cpp_fused_clone_split_transpose_view_1:3
        cpp_fused_clone_split_transpose_view_1(buf4, buf5, buf6, buf12)
        del buf4
        buf7 = empty_strided_cpu((32, 64, 64), (4096, 64, 1), torch.float32)
        # Topologically Sorted Source Nodes: [linear, split, view, q_1, matmul, view_1, k_1, transpose_3], Original ATen: [aten.view, aten.split, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
        # [Provenance debug handles] extern_kernels.bmm:4
        extern_kernels.bmm(reinterpret_tensor(buf5, (32, 64, 16), (1024, 16, 1), 0), reinterpret_tensor(buf6, (32, 16, 64), (1024, 64, 1), 0), out=buf7)
        assert_size_stride(arg7_1, (1, 1, 64, 64), (4096, 4096, 64, 1), 'input')
        buf8 = empty_strided_cpu((8, 4, 64, 1), (256, 64, 1, 2048), torch.float32)
        buf9 = reinterpret_tensor(buf7, (8, 4, 64, 64), (16384, 4096, 64, 1), 0); del buf7  # reuse
        buf10 = empty_strided_cpu((8, 4, 64, 1), (256, 64, 1, 2048), torch.float32)
        buf11 = buf9; del buf9  # reuse
        # [Provenance debug handles] cpp_fused__softmax_bitwise_not_masked_fill_mul_view_2:5
        cpp_fused__softmax_bitwise_not_masked_fill_mul_view_2(buf11, arg7_1, buf8, buf10)
        del arg7_1
        buf13 = reinterpret_tensor(buf6, (32, 64, 16), (1024, 16, 1), 0); del buf6  # reuse
        # Topologically Sorted Source Nodes: [linear, split, softmax, y, view_2, v_1], Original ATen: [aten.view, aten.split, aten._softmax, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
        # [Provenance debug handles] extern_kernels.bmm:6
        extern_kernels.bmm(reinterpret_tensor(buf11, (32, 64, 64), (4096, 64, 1), 0), reinterpret_tensor(buf12, (32, 64, 16), (1024, 16, 1), 0), out=buf13)
        buf14 = reinterpret_tensor(buf12, (8, 64, 4, 16), (4096, 64, 16, 1), 0); del buf12  # reuse
        assert_size_stride(arg9_1, (64, ), (1, ), 'input')
        assert_size_stride(arg8_1, (64, 64), (64, 1), 'input')
        # [Provenance debug handles] cpp_fused_clone_transpose_view_3:7
        cpp_fused_clone_transpose_view_3(buf13, buf14)
        buf15 = reinterpret_tensor(buf13, (512, 64), (64, 1), 0); del buf13  # reuse
        # Topologically Sorted Source Nodes: [y, transpose_4, contiguous, y_1, linear_1], Original ATen: [aten.view, aten.transpose, aten.clone, aten.t, aten.addmm]
        # [Provenance debug handles] extern_kernels.addmm:8
        extern_kernels.addmm(arg9_1, reinterpret_tensor(buf14, (512, 64), (64, 1), 0), reinterpret_tensor(arg8_1, (64, 64), (1, 64), 0), alpha=1, beta=1, out=buf15)
        del arg8_1
        del arg9_1
        buf16 = buf2; del buf2  # reuse
        buf17 = buf16; del buf16  # reuse
        assert_size_stride(arg10_1, (64, ), (1, ), 'input')
        assert_size_stride(arg11_1, (64, ), (1, ), 'input')
        buf18 = buf1; del buf1  # reuse
        buf19 = reinterpret_tensor(buf14, (8, 64, 64), (4096, 64, 1), 0); del buf14  # reuse
        assert_size_stride(arg13_1, (256, ), (1, ), 'input')
        assert_size_stride(arg12_1, (256, 64), (64, 1), 'input')
        # [Provenance debug handles] cpp_fused_add_arange_embedding_native_layer_norm_view_4:9
        cpp_fused_add_arange_embedding_native_layer_norm_view_4(buf17, arg0_1, arg1_1, arg2_1, buf15, arg10_1, arg11_1, buf18, buf19)
        del arg10_1
        del arg11_1
        buf20 = reinterpret_tensor(buf11, (512, 256), (256, 1), 0); del buf11  # reuse
        # Topologically Sorted Source Nodes: [embedding, positions, embedding_1, add, linear_1, x_1, layer_norm_1, linear_2], Original ATen: [aten.embedding, aten.arange, aten.add, aten.view, aten.native_layer_norm, aten.t, aten.addmm]
        # [Provenance debug handles] extern_kernels.addmm:10
        extern_kernels.addmm(arg13_1, reinterpret_tensor(buf19, (512, 64), (64, 1), 0), reinterpret_tensor(arg12_1, (64, 256), (1, 64), 0), alpha=1, beta=1, out=buf20)
        del arg12_1
        del arg13_1
        buf21 = reinterpret_tensor(buf20, (8, 64, 256), (16384, 256, 1), 0); del buf20  # reuse
        assert_size_stride(arg15_1, (64, ), (1, ), 'input')
        assert_size_stride(arg14_1, (64, 256), (256, 1), 'input')
        # [Provenance debug handles] cpp_fused_gelu_view_5:11
        cpp_fused_gelu_view_5(buf21)
        buf22 = reinterpret_tensor(buf19, (512, 64), (64, 1), 0); del buf19  # reuse
        # Topologically Sorted Source Nodes: [linear_2, gelu, linear_3], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
        # [Provenance debug handles] extern_kernels.addmm:12
        extern_kernels.addmm(arg15_1, reinterpret_tensor(buf21, (512, 256), (256, 1), 0), reinterpret_tensor(arg14_1, (256, 64), (1, 256), 0), alpha=1, beta=1, out=buf22)
        del arg14_1
        del arg15_1
        buf23 = reinterpret_tensor(buf15, (8, 64, 64), (4096, 64, 1), 0); del buf15  # reuse
        assert_size_stride(arg16_1, (64, ), (1, ), 'input')
        assert_size_stride(arg17_1, (64, ), (1, ), 'input')
        buf24 = buf18; del buf18  # reuse
        buf25 = buf24; del buf24  # reuse
        buf26 = buf17; del buf17  # reuse
        buf27 = reinterpret_tensor(buf5, (8, 64, 64), (4096, 64, 1), 0); del buf5  # reuse
        assert_size_stride(arg19_1, (192, ), (1, ), 'input')
        assert_size_stride(arg18_1, (192, 64), (64, 1), 'input')
        # [Provenance debug handles] cpp_fused_add_arange_embedding_native_layer_norm_view_6:13
        cpp_fused_add_arange_embedding_native_layer_norm_view_6(buf23, buf25, arg0_1, arg1_1, arg2_1, buf22, arg16_1, arg17_1, buf26, buf27)
        del arg0_1
        del arg16_1
        del arg17_1
        del arg2_1
        buf28 = empty_strided_cpu((512, 192), (192, 1), torch.float32)
        # Topologically Sorted Source Nodes: [layer_norm_2, linear_4], Original ATen: [aten.native_layer_norm, aten.view, aten.t, aten.addmm]
        # [Provenance debug handles] extern_kernels.addmm:14
        extern_kernels.addmm(arg19_1, reinterpret_tensor(buf27, (512, 64), (64, 1), 0), reinterpret_tensor(arg18_1, (64, 192), (1, 64), 0), alpha=1, beta=1, out=buf28)
        del arg18_1
        del arg19_1
        buf29 = reinterpret_tensor(buf27, (8, 4, 64, 16), (4096, 1024, 16, 1), 0); del buf27  # reuse
        buf30 = reinterpret_tensor(buf22, (8, 4, 16, 64), (4096, 1024, 64, 1), 0); del buf22  # reuse
        buf36 = empty_strided_cpu((8, 4, 64, 16), (4096, 1024, 16, 1), torch.float32)
        # [Provenance debug handles] cpp_fused_clone_split_transpose_view_1:15
        cpp_fused_clone_split_transpose_view_1(buf28, buf29, buf30, buf36)
        del buf28
        buf31 = reinterpret_tensor(buf21, (32, 64, 64), (4096, 64, 1), 0); del buf21  # reuse
        # Topologically Sorted Source Nodes: [linear_4, split_1, view_4, q_3, matmul_2, view_5, k_3, transpose_8], Original ATen: [aten.view, aten.split, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
        # [Provenance debug handles] extern_kernels.bmm:16
        extern_kernels.bmm(reinterpret_tensor(buf29, (32, 64, 16), (1024, 16, 1), 0), reinterpret_tensor(buf30, (32, 16, 64), (1024, 64, 1), 0), out=buf31)
        del buf29
        assert_size_stride(arg20_1, (1, 1, 64, 64), (4096, 4096, 64, 1), 'input')
        buf32 = buf8; del buf8  # reuse
        buf33 = reinterpret_tensor(buf31, (8, 4, 64, 64), (16384, 4096, 64, 1), 0); del buf31  # reuse
        buf34 = buf10; del buf10  # reuse
        buf35 = buf33; del buf33  # reuse
        # [Provenance debug handles] cpp_fused__softmax_bitwise_not_masked_fill_mul_view_2:17
        cpp_fused__softmax_bitwise_not_masked_fill_mul_view_2(buf35, arg20_1, buf32, buf34)
        del arg20_1
        del buf32
        buf37 = reinterpret_tensor(buf30, (32, 64, 16), (1024, 16, 1), 0); del buf30  # reuse
        # Topologically Sorted Source Nodes: [linear_4, split_1, softmax_1, y_2, view_6, v_3], Original ATen: [aten.view, aten.split, aten._softmax, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
        # [Provenance debug handles] extern_kernels.bmm:18
        extern_kernels.bmm(reinterpret_tensor(buf35, (32, 64, 64), (4096, 64, 1), 0), reinterpret_tensor(buf36, (32, 64, 16), (1024, 16, 1), 0), out=buf37)
        buf38 = reinterpret_tensor(buf36, (8, 64, 4, 16), (4096, 64, 16, 1), 0); del buf36  # reuse
        assert_size_stride(arg22_1, (64, ), (1, ), 'input')
        assert_size_stride(arg21_1, (64, 64), (64, 1), 'input')
        # [Provenance debug handles] cpp_fused_clone_transpose_view_3:19
        cpp_fused_clone_transpose_view_3(buf37, buf38)
        buf39 = reinterpret_tensor(buf37, (512, 64), (64, 1), 0); del buf37  # reuse
        # Topologically Sorted Source Nodes: [y_2, transpose_9, contiguous_1, y_3, linear_5], Original ATen: [aten.view, aten.transpose, aten.clone, aten.t, aten.addmm]
        # [Provenance debug handles] extern_kernels.addmm:20
        extern_kernels.addmm(arg22_1, reinterpret_tensor(buf38, (512, 64), (64, 1), 0), reinterpret_tensor(arg21_1, (64, 64), (1, 64), 0), alpha=1, beta=1, out=buf39)
        del arg21_1
        del arg22_1
        assert_size_stride(arg23_1, (64, ), (1, ), 'input')
        assert_size_stride(arg24_1, (64, ), (1, ), 'input')
        buf40 = buf26; del buf26  # reuse
        buf41 = buf40; del buf40  # reuse
        buf42 = buf25; del buf25  # reuse
        buf43 = reinterpret_tensor(buf38, (8, 64, 64), (4096, 64, 1), 0); del buf38  # reuse
        assert_size_stride(arg26_1, (256, ), (1, ), 'input')
        assert_size_stride(arg25_1, (256, 64), (64, 1), 'input')
        # [Provenance debug handles] cpp_fused_add_native_layer_norm_view_7:21
        cpp_fused_add_native_layer_norm_view_7(buf41, buf23, buf39, arg23_1, arg24_1, buf42, buf43)
        del arg23_1
        del arg24_1
        buf44 = reinterpret_tensor(buf35, (512, 256), (256, 1), 0); del buf35  # reuse
        # Topologically Sorted Source Nodes: [linear_5, x_3, layer_norm_3, linear_6], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.t, aten.addmm]
        # [Provenance debug handles] extern_kernels.addmm:22
        extern_kernels.addmm(arg26_1, reinterpret_tensor(buf43, (512, 64), (64, 1), 0), reinterpret_tensor(arg25_1, (64, 256), (1, 64), 0), alpha=1, beta=1, out=buf44)
        del arg25_1
        del arg26_1
        buf45 = reinterpret_tensor(buf44, (8, 64, 256), (16384, 256, 1), 0); del buf44  # reuse
        assert_size_stride(arg28_1, (64, ), (1, ), 'input')
        assert_size_stride(arg27_1, (64, 256), (256, 1), 'input')
        # [Provenance debug handles] cpp_fused_gelu_view_5:23
        cpp_fused_gelu_view_5(buf45)
        buf46 = reinterpret_tensor(buf43, (512, 64), (64, 1), 0); del buf43  # reuse
        # Topologically Sorted Source Nodes: [linear_6, gelu_1, linear_7], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
        # [Provenance debug handles] extern_kernels.addmm:24
        extern_kernels.addmm(arg28_1, reinterpret_tensor(buf45, (512, 256), (256, 1), 0), reinterpret_tensor(arg27_1, (256, 64), (1, 256), 0), alpha=1, beta=1, out=buf46)
        del arg27_1
        del arg28_1
        del buf45
        assert_size_stride(arg29_1, (64, ), (1, ), 'input')
        assert_size_stride(arg30_1, (64, ), (1, ), 'input')
        buf47 = buf42; del buf42  # reuse
        buf48 = buf47; del buf47  # reuse
        buf49 = buf41; del buf41  # reuse
        buf50 = empty_strided_cpu((8, 64, 64), (4096, 64, 1), torch.float32)
        assert_size_stride(arg32_1, (192, ), (1, ), 'input')
        assert_size_stride(arg31_1, (192, 64), (64, 1), 'input')
        # [Provenance debug handles] cpp_fused_add_native_layer_norm_view_8:25
        cpp_fused_add_native_layer_norm_view_8(buf48, buf23, buf39, buf46, arg29_1, arg30_1, buf49, buf50)
        del arg29_1
        del arg30_1
        del buf48
        del buf49
        buf51 = empty_strided_cpu((512, 192), (192, 1), torch.float32)
        # Topologically Sorted Source Nodes: [linear_5, x_3, linear_7, x_4, layer_norm_4, linear_8], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.t, aten.addmm]
        # [Provenance debug handles] extern_kernels.addmm:26
        extern_kernels.addmm(arg32_1, reinterpret_tensor(buf50, (512, 64), (64, 1), 0), reinterpret_tensor(arg31_1, (64, 192), (1, 64), 0), alpha=1, beta=1, out=buf51)
        del arg31_1
        del arg32_1
        buf52 = reinterpret_tensor(buf50, (8, 4, 64, 16), (4096, 1024, 16, 1), 0); del buf50  # reuse
        buf53 = empty_strided_cpu((8, 4, 16, 64), (4096, 1024, 64, 1), torch.float32)
        buf59 = empty_strided_cpu((8, 4, 64, 16), (4096, 1024, 16, 1), torch.float32)
        # [Provenance debug handles] cpp_fused_clone_split_transpose_view_1:27
        cpp_fused_clone_split_transpose_view_1(buf51, buf52, buf53, buf59)
        del buf51
        buf54 = empty_strided_cpu((32, 64, 64), (4096, 64, 1), torch.float32)
        # Topologically Sorted Source Nodes: [linear_8, split_2, view_8, q_5, matmul_4, view_9, k_5, transpose_13], Original ATen: [aten.view, aten.split, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
        # [Provenance debug handles] extern_kernels.bmm:28
        extern_kernels.bmm(reinterpret_tensor(buf52, (32, 64, 16), (1024, 16, 1), 0), reinterpret_tensor(buf53, (32, 16, 64), (1024, 64, 1), 0), out=buf54)
        del buf52
        del buf53
        assert_size_stride(arg33_1, (1, 1, 64, 64), (4096, 4096, 64, 1), 'input')
        buf55 = buf34; del buf34  # reuse
        buf56 = reinterpret_tensor(buf54, (8, 4, 64, 64), (16384, 4096, 64, 1), 0); del buf54  # reuse
        buf57 = empty_strided_cpu((8, 4, 64, 1), (256, 64, 1, 2048), torch.float32)
        buf58 = buf56; del buf56  # reuse
        # [Provenance debug handles] cpp_fused__softmax_bitwise_not_masked_fill_mul_view_2:29
        cpp_fused__softmax_bitwise_not_masked_fill_mul_view_2(buf58, arg33_1, buf55, buf57)
        del arg33_1
        del buf55
        del buf57
        buf60 = empty_strided_cpu((32, 64, 16), (1024, 16, 1), torch.float32)
        # Topologically Sorted Source Nodes: [linear_8, split_2, softmax_2, y_4, view_10, v_5], Original ATen: [aten.view, aten.split, aten._softmax, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
        # [Provenance debug handles] extern_kernels.bmm:30
        extern_kernels.bmm(reinterpret_tensor(buf58, (32, 64, 64), (4096, 64, 1), 0), reinterpret_tensor(buf59, (32, 64, 16), (1024, 16, 1), 0), out=buf60)
        buf61 = reinterpret_tensor(buf59, (8, 64, 4, 16), (4096, 64, 16, 1), 0); del buf59  # reuse
        assert_size_stride(arg35_1, (64, ), (1, ), 'input')
        assert_size_stride(arg34_1, (64, 64), (64, 1), 'input')
        # [Provenance debug handles] cpp_fused_clone_transpose_view_3:31
        cpp_fused_clone_transpose_view_3(buf60, buf61)
        buf62 = reinterpret_tensor(buf60, (512, 64), (64, 1), 0); del buf60  # reuse
        # Topologically Sorted Source Nodes: [y_4, transpose_14, contiguous_2, y_5, linear_9], Original ATen: [aten.view, aten.transpose, aten.clone, aten.t, aten.addmm]
        # [Provenance debug handles] extern_kernels.addmm:32
        extern_kernels.addmm(arg35_1, reinterpret_tensor(buf61, (512, 64), (64, 1), 0), reinterpret_tensor(arg34_1, (64, 64), (1, 64), 0), alpha=1, beta=1, out=buf62)
        del arg34_1
        del arg35_1
        assert_size_stride(arg36_1, (64, ), (1, ), 'input')
        assert_size_stride(arg37_1, (64, ), (1, ), 'input')
        buf63 = empty_strided_cpu((8, 64, 1), (64, 1, 512), torch.float32)
        buf64 = buf63; del buf63  # reuse
        buf65 = empty_strided_cpu((8, 64, 1), (64, 1, 512), torch.float32)
        buf66 = reinterpret_tensor(buf61, (8, 64, 64), (4096, 64, 1), 0); del buf61  # reuse
        assert_size_stride(arg39_1, (256, ), (1, ), 'input')
        assert_size_stride(arg38_1, (256, 64), (64, 1), 'input')
        # [Provenance debug handles] cpp_fused_add_native_layer_norm_view_9:33
        cpp_fused_add_native_layer_norm_view_9(buf64, buf23, buf39, buf46, buf62, arg36_1, arg37_1, buf65, buf66)
        del arg36_1
        del arg37_1
        buf67 = reinterpret_tensor(buf58, (512, 256), (256, 1), 0); del buf58  # reuse
        # Topologically Sorted Source Nodes: [linear_5, x_3, linear_7, x_4, linear_9, x_5, layer_norm_5, linear_10], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.t, aten.addmm]
        # [Provenance debug handles] extern_kernels.addmm:34
        extern_kernels.addmm(arg39_1, reinterpret_tensor(buf66, (512, 64), (64, 1), 0), reinterpret_tensor(arg38_1, (64, 256), (1, 64), 0), alpha=1, beta=1, out=buf67)
        del arg38_1
        del arg39_1
        del buf66
        buf68 = reinterpret_tensor(buf67, (8, 64, 256), (16384, 256, 1), 0); del buf67  # reuse
        assert_size_stride(arg41_1, (64, ), (1, ), 'input')
        assert_size_stride(arg40_1, (64, 256), (256, 1), 'input')
        # [Provenance debug handles] cpp_fused_gelu_view_5:35
        cpp_fused_gelu_view_5(buf68)
        buf69 = empty_strided_cpu((512, 64), (64, 1), torch.float32)
        # Topologically Sorted Source Nodes: [linear_10, gelu_2, linear_11], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
        # [Provenance debug handles] extern_kernels.addmm:36
        extern_kernels.addmm(arg41_1, reinterpret_tensor(buf68, (512, 256), (256, 1), 0), reinterpret_tensor(arg40_1, (256, 64), (1, 256), 0), alpha=1, beta=1, out=buf69)
        del arg40_1
        del arg41_1
        buf70 = buf23; del buf23  # reuse
        assert_size_stride(arg42_1, (64, ), (1, ), 'input')
        assert_size_stride(arg43_1, (64, ), (1, ), 'input')
        buf71 = buf65; del buf65  # reuse
        buf72 = buf71; del buf71  # reuse
        buf73 = buf64; del buf64  # reuse
        buf74 = empty_strided_cpu((8, 64, 64), (4096, 64, 1), torch.float32)
        assert_size_stride(arg45_1, (192, ), (1, ), 'input')
        assert_size_stride(arg44_1, (192, 64), (64, 1), 'input')
        # [Provenance debug handles] cpp_fused_add_native_layer_norm_view_10:37
        cpp_fused_add_native_layer_norm_view_10(buf70, buf72, buf39, buf46, buf62, buf69, arg42_1, arg43_1, buf73, buf74)
        del arg42_1
        del arg43_1
        del buf39
        del buf46
        buf75 = empty_strided_cpu((512, 192), (192, 1), torch.float32)
        # Topologically Sorted Source Nodes: [layer_norm_6, linear_12], Original ATen: [aten.native_layer_norm, aten.view, aten.t, aten.addmm]
        # [Provenance debug handles] extern_kernels.addmm:38
        extern_kernels.addmm(arg45_1, reinterpret_tensor(buf74, (512, 64), (64, 1), 0), reinterpret_tensor(arg44_1, (64, 192), (1, 64), 0), alpha=1, beta=1, out=buf75)
        del arg44_1
        del arg45_1
        buf76 = reinterpret_tensor(buf74, (8, 4, 64, 16), (4096, 1024, 16, 1), 0); del buf74  # reuse
        buf77 = reinterpret_tensor(buf69, (8, 4, 16, 64), (4096, 1024, 64, 1), 0); del buf69  # reuse
        buf83 = reinterpret_tensor(buf62, (8, 4, 64, 16), (4096, 1024, 16, 1), 0); del buf62  # reuse
        # [Provenance debug handles] cpp_fused_clone_split_transpose_view_1:39
        cpp_fused_clone_split_transpose_view_1(buf75, buf76, buf77, buf83)
        del buf75
        buf78 = reinterpret_tensor(buf68, (32, 64, 64), (4096, 64, 1), 0); del buf68  # reuse
        # Topologically Sorted Source Nodes: [linear_12, split_3, view_12, q_7, matmul_6, view_13, k_7, transpose_18], Original ATen: [aten.view, aten.split, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
        # [Provenance debug handles] extern_kernels.bmm:40
        extern_kernels.bmm(reinterpret_tensor(buf76, (32, 64, 16), (1024, 16, 1), 0), reinterpret_tensor(buf77, (32, 16, 64), (1024, 64, 1), 0), out=buf78)
        del buf76
        assert_size_stride(arg46_1, (1, 1, 64, 64), (4096, 4096, 64, 1), 'input')
        buf79 = empty_strided_cpu((8, 4, 64, 1), (256, 64, 1, 2048), torch.float32)
        buf80 = reinterpret_tensor(buf78, (8, 4, 64, 64), (16384, 4096, 64, 1), 0); del buf78  # reuse
        buf81 = empty_strided_cpu((8, 4, 64, 1), (256, 64, 1, 2048), torch.float32)
        buf82 = buf80; del buf80  # reuse
        # [Provenance debug handles] cpp_fused__softmax_bitwise_not_masked_fill_mul_view_2:41
        cpp_fused__softmax_bitwise_not_masked_fill_mul_view_2(buf82, arg46_1, buf79, buf81)
        del arg46_1
        del buf79
        del buf81
        buf84 = reinterpret_tensor(buf77, (32, 64, 16), (1024, 16, 1), 0); del buf77  # reuse
        # Topologically Sorted Source Nodes: [linear_12, split_3, softmax_3, y_6, view_14, v_7], Original ATen: [aten.view, aten.split, aten._softmax, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
        # [Provenance debug handles] extern_kernels.bmm:42
        extern_kernels.bmm(reinterpret_tensor(buf82, (32, 64, 64), (4096, 64, 1), 0), reinterpret_tensor(buf83, (32, 64, 16), (1024, 16, 1), 0), out=buf84)
        buf85 = reinterpret_tensor(buf83, (8, 64, 4, 16), (4096, 64, 16, 1), 0); del buf83  # reuse
        assert_size_stride(arg48_1, (64, ), (1, ), 'input')
        assert_size_stride(arg47_1, (64, 64), (64, 1), 'input')
        # [Provenance debug handles] cpp_fused_clone_transpose_view_3:43
        cpp_fused_clone_transpose_view_3(buf84, buf85)
        buf86 = reinterpret_tensor(buf84, (512, 64), (64, 1), 0); del buf84  # reuse
        # Topologically Sorted Source Nodes: [y_6, transpose_19, contiguous_3, y_7, linear_13], Original ATen: [aten.view, aten.transpose, aten.clone, aten.t, aten.addmm]
        # [Provenance debug handles] extern_kernels.addmm:44
        extern_kernels.addmm(arg48_1, reinterpret_tensor(buf85, (512, 64), (64, 1), 0), reinterpret_tensor(arg47_1, (64, 64), (1, 64), 0), alpha=1, beta=1, out=buf86)
        del arg47_1
        del arg48_1
        assert_size_stride(arg49_1, (64, ), (1, ), 'input')
        assert_size_stride(arg50_1, (64, ), (1, ), 'input')
        buf87 = buf73; del buf73  # reuse
        buf88 = buf87; del buf87  # reuse
        buf89 = buf72; del buf72  # reuse
        buf90 = reinterpret_tensor(buf85, (8, 64, 64), (4096, 64, 1), 0); del buf85  # reuse
        assert_size_stride(arg52_1, (256, ), (1, ), 'input')
        assert_size_stride(arg51_1, (256, 64), (64, 1), 'input')
        # [Provenance debug handles] cpp_fused_add_native_layer_norm_view_7:45
        cpp_fused_add_native_layer_norm_view_7(buf88, buf70, buf86, arg49_1, arg50_1, buf89, buf90)
        del arg49_1
        del arg50_1
        buf91 = reinterpret_tensor(buf82, (512, 256), (256, 1), 0); del buf82  # reuse
        # Topologically Sorted Source Nodes: [linear_13, x_7, layer_norm_7, linear_14], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.t, aten.addmm]
        # [Provenance debug handles] extern_kernels.addmm:46
        extern_kernels.addmm(arg52_1, reinterpret_tensor(buf90, (512, 64), (64, 1), 0), reinterpret_tensor(arg51_1, (64, 256), (1, 64), 0), alpha=1, beta=1, out=buf91)
        del arg51_1
        del arg52_1
        buf92 = reinterpret_tensor(buf91, (8, 64, 256), (16384, 256, 1), 0); del buf91  # reuse
        assert_size_stride(arg54_1, (64, ), (1, ), 'input')
        assert_size_stride(arg53_1, (64, 256), (256, 1), 'input')
        # [Provenance debug handles] cpp_fused_gelu_view_5:47
        cpp_fused_gelu_view_5(buf92)
        buf93 = reinterpret_tensor(buf90, (512, 64), (64, 1), 0); del buf90  # reuse
        # Topologically Sorted Source Nodes: [linear_14, gelu_3, linear_15], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
        # [Provenance debug handles] extern_kernels.addmm:48
        extern_kernels.addmm(arg54_1, reinterpret_tensor(buf92, (512, 256), (256, 1), 0), reinterpret_tensor(arg53_1, (256, 64), (1, 256), 0), alpha=1, beta=1, out=buf93)
        del arg53_1
        del arg54_1
        del buf92
        assert_size_stride(arg55_1, (64, ), (1, ), 'input')
        assert_size_stride(arg56_1, (64, ), (1, ), 'input')
        buf94 = buf89; del buf89  # reuse
        buf95 = buf94; del buf94  # reuse
        buf96 = buf88; del buf88  # reuse
        buf97 = buf70; del buf70  # reuse
        # [Provenance debug handles] cpp_fused_add_native_layer_norm_view_11:49
        cpp_fused_add_native_layer_norm_view_11(buf95, buf97, buf86, buf93, arg55_1, arg56_1, buf96)
        del arg55_1
        del arg56_1
        del buf86
        del buf93
        del buf95
        del buf96
        buf98 = empty_strided_cpu((512, 32), (32, 1), torch.float32)
        # Topologically Sorted Source Nodes: [linear_13, x_7, linear_15, x_8, layer_norm_8, logits], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.t, aten.mm]
        # [Provenance debug handles] extern_kernels.mm:50
        extern_kernels.mm(reinterpret_tensor(buf97, (512, 64), (64, 1), 0), reinterpret_tensor(arg1_1, (64, 32), (1, 64), 0), out=buf98)
        del arg1_1
        return (reinterpret_tensor(buf98, (8, 64, 32), (2048, 32, 1), 0), )
