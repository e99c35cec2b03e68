# Decompiled by depyf 0.20.0 from Dynamo's bytecode (training)
def forward(self, x):
    tmp_1 = __import_torch_dot__dynamo_dot_utils.record_pregraph_bytecode_enter
    tmp_2 = __import_torch_dot__dynamo_dot_utils.record_pregraph_bytecode_enter()
    tmp_3 = self._modules
    tmp_4 = self._modules['norm']._parameters
    tmp_5 = tmp_3['up']._parameters
    tmp_6 = tmp_3['down']._parameters
    tmp_7 = __import_torch_dot__dynamo_dot_utils.record_pregraph_bytecode_exit
    __import_torch_dot__dynamo_dot_utils.record_pregraph_bytecode_exit(tmp_2)
    graph_out_0 = __compiled_fn_3_b6121e73_fffe_417a_84cc_62245cb18da8(self.
        _modules['norm']._parameters['weight'], tmp_4['bias'], x, tmp_3['up'].
        _parameters['weight'], tmp_5['bias'], tmp_3['down']._parameters[
        'weight'], tmp_6['bias'])
    []
    []
    __temp_17 = []
    __temp_17.extend([])
    [__temp_17]
    return graph_out_0[0]
