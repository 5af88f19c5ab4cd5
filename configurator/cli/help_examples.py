"""The examples `configurator COMMAND --help` ends with: real command lines on the shipped examples
(tests/cli/test_help_examples.py parses each with the real parser, so none of them rots).

Command lines are not translated; the "examples:" heading is (words: cli/main.py)."""

from __future__ import annotations

EXAMPLE = "examples/hgx-h100-8gpu.json"

EXAMPLES: dict[str, tuple[str, ...]] = {
    "gui": ("configurator gui " + EXAMPLE,
            "configurator examples/dgx-h100-8gpu.json examples/pcie-l40s-8gpu.json   # two tabs",
            "configurator gui " + EXAMPLE + " --screenshot hgx.png --size 1366x768"),
    "catalog": ("configurator catalog --category gpu", "configurator catalog --json > parts.json"),
    "check": ("configurator check " + EXAMPLE, "configurator check " + EXAMPLE + " --json"),
    "evaluate": ("configurator evaluate " + EXAMPLE,
                 "configurator evaluate " + EXAMPLE + " --workload workload.json --json"),
    "explain": ("configurator explain examples/dgx-h100-8gpu.json --list",
                "configurator explain examples/dgx-h100-8gpu.json airflow_cfm"),
    "workload": ("configurator workload --preset llama-2-7b --mode train --precision mixed --gpus 8 --zero 3 "
                 "--gpu nvidia-h100-sxm5-80gb",),
    "recommend": ("configurator recommend --preset llama-3-70b --mode train --tokens 1e11 --deadline-days 14",
                  "configurator recommend --preset llama-2-70b --mode infer --target-tokens-per-s 2000 --json"),
    "quote": ("configurator quote " + EXAMPLE + " -o quote.pdf --customer ACME",
              "configurator quote " + EXAMPLE + " -o q.pdf --lang zh_CN --currency CNY --tax-pct 13"),
    "cluster": ("configurator cluster examples/clusters/hgx-h100-16.json",
                "configurator cluster --from " + EXAMPLE + " --servers 16 -o bom.csv"),
    "export": ("configurator export " + EXAMPLE + " -o build.pdf",
               "configurator export " + EXAMPLE + " --format netbox-devicetype -o device.yaml"),
    "compare": ("configurator compare " + EXAMPLE + " examples/dgx-h100-8gpu.json",
                "configurator compare " + EXAMPLE + " examples/dgx-h100-8gpu.json --xlsx compare.xlsx"),
    "bom": ("configurator bom " + EXAMPLE + " --csv bom.csv",),
    "import": ("configurator import inventory probe-folder/ -o server.json",
               "configurator import redfish https://bmc.example -o server.json --user admin --password-file pw.txt"),
    "plan": ("configurator plan server.json upgraded.json",),
    "verify": ("configurator verify upgraded.json probe-folder/",
               "configurator verify upgraded.json https://bmc.example --user admin --password-file pw.txt"),
    "accept": ("configurator accept plan " + EXAMPLE + " -o plan.pdf",
               "configurator accept script " + EXAMPLE + " -o accept.sh"),
    "diagnose": ("configurator diagnose cards-not-seen --build " + EXAMPLE,),
    "store": ("configurator store init", "configurator store status"),
    "quotes": ("configurator quotes list", "configurator quotes create " + EXAMPLE + " --customer ACME"),
    "prices": ("configurator prices list", "configurator prices import my-prices.csv --name list-2026 --currency USD"),
    "stack": ("configurator stack " + EXAMPLE + " --json",),
    "tender": ("configurator tender examples/h3c-r5500-g6-8x-h20.json --requirements examples/tender-requirements.toml "
               "--pdf tender.pdf --tax-pct 13",
               "configurator tender " + EXAMPLE + " --requirements examples/tender-requirements.toml --xlsx tender.xlsx"),
    "completion": ("configurator completion bash > ~/.local/share/bash-completion/completions/configurator",
                   "source <(configurator completion zsh)"),
    "desktop-install": ("configurator desktop-install", "configurator desktop-install --uninstall"),
}


def epilog(command: str, heading: str) -> str | None:
    lines = EXAMPLES.get(command)
    return None if not lines else heading + "\n" + "\n".join(f"  {line}" for line in lines)
