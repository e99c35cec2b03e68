"""mlopt — Project A: capture a model as an FX graph, rewrite it with passes, verify, report.

    python -m labs.capstone.mlopt resnet18 --passes fold,fusion,dce --input-shape 1,3,224,224 \
        --report out.json
"""
