"""Exports a BERT sentence encoder (safetensors and config.json) to ONNX with int8 weights.

Usage: python export-sentence-encoder.py MODEL_DIR OUT_DIR

The graph takes input_ids and attention_mask (int64, batch x tokens) and returns the token
embeddings (last_hidden_state); the API pools them (mean over the attention mask) and normalises,
as sentence-transformers does for all-MiniLM-L6-v2. token_type_ids is always zero for one
sentence, so the graph builds it from input_ids instead of taking it as an input.
"""

import sys
from pathlib import Path

import torch
from onnxruntime.quantization import QuantType, quantize_dynamic
from transformers import AutoModel


class Encoder(torch.nn.Module):
    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, input_ids, attention_mask):
        token_type_ids = torch.zeros_like(input_ids)
        output = self.model(
            input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
        )
        return output.last_hidden_state


def main(model_dir: str, out_dir: str) -> None:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    model = AutoModel.from_pretrained(model_dir, attn_implementation="eager").eval()
    encoder = Encoder(model)
    ids = torch.tensor([[101, 2129, 2146, 2515, 7829, 2202, 1029, 102]], dtype=torch.int64)
    mask = torch.ones_like(ids)
    full = out / "model.fp32.onnx"
    with torch.no_grad():
        torch.onnx.export(
            encoder,
            (ids, mask),
            str(full),
            input_names=["input_ids", "attention_mask"],
            output_names=["last_hidden_state"],
            dynamic_axes={
                "input_ids": {0: "batch", 1: "tokens"},
                "attention_mask": {0: "batch", 1: "tokens"},
                "last_hidden_state": {0: "batch", 1: "tokens"},
            },
            opset_version=17,
            dynamo=False,
        )
    quantize_dynamic(
        str(full),
        str(out / "model.int8.onnx"),
        weight_type=QuantType.QInt8,
        per_channel=True,
    )
    full.unlink()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
