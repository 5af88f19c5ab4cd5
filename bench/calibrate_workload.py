"""Calibrate the workload memory model against real PyTorch training steps, measured on the CPU.

Run on demand (not a test); needs torch and transformers, which the app itself never imports:

    .venv/bin/python bench/calibrate_workload.py            # the table in docs/workload-model.md
    .venv/bin/python bench/calibrate_workload.py --quick    # two configs
    .venv/bin/python bench/calibrate_workload.py --optimizer-impl fused   # AdamW(fused=True)

What is measured: a Hugging Face `LlamaForCausalLM` built from a config (SDPA attention), trained with
`torch.optim.AdamW(foreach=True)` (the CUDA default), loss = the model's own cross entropy over the full
vocabulary, a full step (forward, backward, optimizer.step, zero_grad(set_to_none=True)). The peak is taken
over the *second* step, when the optimizer states exist. The CPU allocator reports every allocation and free
to the profiler (`profile_memory=True`); integrating those events over the second step and adding the
bytes that were already live (parameters, optimizer states, buffers, inputs) gives the peak of live tensor
bytes, which is what `torch.cuda.max_memory_allocated` reports on a GPU minus the caching allocator's
512-byte rounding. Kernel workspaces differ between CPU and CUDA kernels (flash attention, GEMM packing);
the script reports the peak with and without allocations that lived only inside one kernel.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import torch
from torch.profiler import ProfilerActivity, profile

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

CONFIGS = [
    # name, layers, hidden, heads, kv_heads, ffn, vocab, seq, batch, precision, checkpointing
    ("s256-v32k", 2, 256, 4, 4, 688, 32000, 512, 2, "bf16", False),
    ("s512-v32k", 4, 512, 8, 8, 1376, 32000, 1024, 2, "bf16", False),
    ("s1024-v32k", 4, 1024, 16, 8, 2752, 32000, 1024, 1, "bf16", False),
    ("s1024-v32k-b4", 2, 1024, 16, 8, 2752, 32000, 512, 4, "bf16", False),
    ("s512-v128k", 2, 512, 8, 2, 1376, 128256, 1024, 1, "bf16", False),
    ("s1024-v128k-s2k", 2, 1024, 16, 4, 3584, 128256, 2048, 1, "bf16", False),
    ("s512-v32k-ckpt", 4, 512, 8, 8, 1376, 32000, 1024, 2, "bf16", True),
    ("s1024-v128k-ckpt", 4, 1024, 16, 4, 3584, 128256, 1024, 2, "bf16", True),
    ("s512-v32k-fp32", 4, 512, 8, 8, 1376, 32000, 1024, 2, "fp32", False),
    ("s512-v128k-fp32", 2, 512, 8, 2, 1376, 128256, 1024, 1, "fp32", False),
    ("s512-v32k-fp32-ckpt", 4, 512, 8, 8, 1376, 32000, 1024, 2, "fp32", True),
    ("s512-v32k-amp", 4, 512, 8, 8, 1376, 32000, 1024, 2, "amp", False),
    ("s512-v128k-amp", 2, 512, 8, 2, 1376, 128256, 1024, 1, "amp", False),
    ("s512-v32k-amp-ckpt", 4, 512, 8, 8, 1376, 32000, 1024, 2, "amp", True),
    # short sequences: the optimizer step is the peak
    ("s1024-v32k-s128", 4, 1024, 16, 8, 2752, 32000, 128, 1, "bf16", False),
    ("s1024-v32k-s128-fp32", 4, 1024, 16, 8, 2752, 32000, 128, 1, "fp32", False),
    # with fused AdamW and checkpointing: the end of backward (first layer's input + recompute) peaks
    ("s1024-v32k-s256-ckpt", 4, 1024, 16, 8, 2752, 32000, 256, 1, "bf16", True),
]


def build_model(layers, hidden, heads, kv_heads, ffn, vocab, dtype, ckpt):
    from transformers import LlamaConfig, LlamaForCausalLM

    cfg = LlamaConfig(
        hidden_size=hidden, intermediate_size=ffn, num_hidden_layers=layers,
        num_attention_heads=heads, num_key_value_heads=kv_heads, vocab_size=vocab,
        max_position_embeddings=8192, tie_word_embeddings=False,
    )
    cfg._attn_implementation = "sdpa"
    model = LlamaForCausalLM(cfg).to(dtype)
    if ckpt:
        model.gradient_checkpointing_enable()
    model.train()
    return model


def _live_bytes(model, opt, extra):
    seen, total = set(), 0
    tensors = list(model.parameters()) + list(model.buffers()) + list(extra)
    for state in opt.state.values():
        tensors += [t for t in state.values() if torch.is_tensor(t)]
    for t in tensors:
        st = t.untyped_storage()
        if st.data_ptr() not in seen:
            seen.add(st.data_ptr())
            total += st.nbytes()
    return total


def _peak_from_events(prof):
    """Peak of the running sum of the allocator's alloc (+) and free (-) events, in bytes."""
    events = [e for e in prof.profiler.kineto_results.events() if e.name() == "[memory]"]
    events.sort(key=lambda e: e.start_ns())
    run = peak = 0
    for e in events:
        run += e.nbytes()
        peak = max(peak, run)
    return peak


def measure(layers, hidden, heads, kv_heads, ffn, vocab, seq, batch, precision, ckpt, hold_logits=True,
            impl="foreach"):
    torch.manual_seed(0)
    dtype = torch.bfloat16 if precision == "bf16" else torch.float32
    model = build_model(layers, hidden, heads, kv_heads, ffn, vocab, dtype, ckpt)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4, **{impl: True})
    ids = torch.randint(0, vocab, (batch, seq))

    def step():
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=precision == "amp"):
            out = model(input_ids=ids, labels=ids)
        loss = out.loss if hold_logits else model(input_ids=ids, labels=ids).loss
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        del out, loss

    step()
    base = _live_bytes(model, opt, [ids])
    with profile(activities=[ProfilerActivity.CPU], profile_memory=True) as prof:
        step()
    return base, base + _peak_from_events(prof)


def estimate(layers, hidden, heads, kv_heads, ffn, vocab, seq, batch, precision, ckpt, impl="foreach"):
    from configurator.core.evaluate.workload import ModelShape, TrainJob, Workload, estimate_memory

    shape = ModelShape(name="cal", layers=layers, hidden=hidden, heads=heads, kv_heads=kv_heads,
                       ffn=ffn, vocab=vocab)
    job = TrainJob(precision=precision, micro_batch=batch, seq_len=seq, checkpointing=ckpt, optimizer_impl=impl)
    return estimate_memory(Workload(model=shape, mode="train", train=job))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--only", default=None, help="substring of config names")
    parser.add_argument("--optimizer-impl", choices=("foreach", "fused"), default="foreach")
    args = parser.parse_args()
    torch.set_num_threads(max(1, torch.get_num_threads()))
    configs = CONFIGS[:2] if args.quick else CONFIGS
    if args.only:
        configs = [c for c in configs if args.only in c[0]]
    from configurator.core.evaluate.workload_memory import _KERNEL_WORKSPACE_BYTES

    print(f"{'config':22} {'base MiB':>9} {'peak MiB':>9} {'est MiB':>9} {'est/meas':>8} "
          f"{'formula/meas':>12} phase")
    for name, *cfg in configs:
        t0 = time.perf_counter()
        base, peak = measure(*cfg, impl=args.optimizer_impl)
        est = estimate(*cfg, impl=args.optimizer_impl)
        est_alloc = est.total - est.overhead
        formula = est_alloc - _KERNEL_WORKSPACE_BYTES * (est.phase != "optimizer step")
        print(f"{name:22} {base / 2**20:9.1f} {peak / 2**20:9.1f} {est_alloc / 2**20:9.1f} "
              f"{est_alloc / peak:8.3f} {formula / peak:12.3f} {est.phase} "
              f"({time.perf_counter() - t0:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
