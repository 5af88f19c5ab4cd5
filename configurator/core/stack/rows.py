"""The compatibility table's shape: one frozen model per kind of row, every row sourced.

The store reads `catalogs/stack/*.toml` (one file per `table`: cuda, drivers, frameworks,
containers, ascend) and validates them here; the core reads nothing itself.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ..catalog import Confidence
from ..input_error import InvalidValueError
from ..message import Msg

Version = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[0-9A-Za-z][0-9A-Za-z.+-]*$")]
Month = Annotated[str, Field(pattern=r"^\d{4}-\d{2}$")]


def _not_latest(value: str) -> str:
    """A container reference is pinned: `latest` once changed CUDA under a running job."""
    if value == "latest" or value.endswith(":latest"):
        raise InvalidValueError(Msg("stack.table.latest"))
    return value


class Row(BaseModel):
    """Where a row's facts come from: a public URL (or a repo file), when it was checked, how
    far to trust it, and what exactly was read there."""

    model_config = ConfigDict(defer_build=True, frozen=True, extra="forbid", str_max_length=2000)

    source: str = Field(min_length=3)  # a public URL, or a file in this repository
    date: str = Field(pattern=r"^\d{4}-\d{2}(-\d{2})?$")
    confidence: Confidence
    note: str = ""


class MinorCompat(Row):
    """CUDA minor version compatibility: builds of `cuda_major` run on drivers from `min_driver`."""

    cuda_major: int = Field(ge=9, le=99)
    min_driver: Version


class ForwardCompat(Row):
    """A driver branch from which data-center GPUs run `cuda_major` through the cuda-compat package."""

    cuda_major: int = Field(ge=9, le=99)
    branch: str = Field(pattern=r"^R\d{3}$")
    min_driver: Version


class Toolkit(Row):
    """A CUDA toolkit release and the driver its full feature set needs."""

    cuda: Version
    min_driver: Version


class Architecture(Row):
    """The first CUDA toolkit that builds code for a compute capability."""

    compute_capability: Version
    min_cuda: Version


class DriverBranch(Row):
    """A data-center driver branch: its end of life, the newest CUDA major it runs, the pinned release."""

    branch: str = Field(pattern=r"^R\d{3}$")
    designation: str = ""
    end_of_life: Month
    max_cuda_major: int = Field(ge=9, le=99)
    pinned: str = Field("", max_length=40, pattern=r"^([0-9][0-9.]*)?$")


class FabricManager(Row):
    """Which baseboards carry NVSwitch, and the rule for Fabric Manager's version there."""

    rule: str = Field(pattern=r"^equal-to-driver$")
    nvswitch_baseboards: tuple[str, ...] = ()


class FrameworkBuild(Row):
    """One PyTorch build: its release, the CUDA it bundles and the GPU code it contains."""

    version: Version
    cuda: Version
    index: str = Field(pattern=r"^cu\d{3,4}$")
    sass: tuple[Version, ...] = Field(min_length=1)
    ptx: tuple[Version, ...] = ()
    default: bool = Field(False, description="the build published to PyPI (`pip install torch`)")

    @property
    def label(self) -> str:
        return f"PyTorch {self.version}+{self.index}"


class Container(Row):
    """An NGC framework container: the pinned tag, its CUDA, its PyTorch and its driver floor."""

    image: str = Field(min_length=3, max_length=200)
    tag: str = Field(min_length=1, max_length=80, pattern=r"^[0-9A-Za-z][0-9A-Za-z._-]*$")
    cuda: Version
    pytorch: Version
    min_driver: Version

    @field_validator("tag")
    @classmethod
    def _pinned(cls, value: str) -> str:
        return _not_latest(value)

    @property
    def reference(self) -> str:
        return f"{self.image}:{self.tag}"


class CannRelease(Row):
    """A CANN release, the HDK (NPU driver and firmware) released with it, the chips, a pinned container."""

    cann: Version
    hdk: str = Field("", max_length=40)
    chips: tuple[str, ...] = Field(min_length=1)
    container: str = Field("", max_length=200, pattern=r"^([^:\s]+:[^:\s]+)?$")


    @field_validator("container")
    @classmethod
    def _pinned(cls, value: str) -> str:
        return _not_latest(value)


class TorchNpu(Row):
    """A torch_npu wheel, the PyTorch it plugs into and the CANN it is built for."""

    torch_npu: Version
    pytorch: Version
    cann: Version


class StackTable(BaseModel):
    """Everything the stack is chosen from; `origin` names the files it was read from."""

    model_config = ConfigDict(defer_build=True, frozen=True, extra="forbid")

    minor_compat: tuple[MinorCompat, ...] = ()
    forward_compat: tuple[ForwardCompat, ...] = ()
    toolkits: tuple[Toolkit, ...] = ()
    architectures: tuple[Architecture, ...] = ()
    binary_compat: Row | None = None
    branches: tuple[DriverBranch, ...] = ()
    fabric_manager: FabricManager | None = None
    pytorch: tuple[FrameworkBuild, ...] = ()
    ngc: tuple[Container, ...] = ()
    cann: tuple[CannRelease, ...] = ()
    torch_npu: tuple[TorchNpu, ...] = ()
    origin: tuple[str, ...] = ()

    def minor_floor(self, cuda: str) -> MinorCompat | None:
        from .versions import major

        return next((m for m in self.minor_compat if m.cuda_major == major(cuda)), None)

    def toolkit(self, cuda: str) -> Toolkit | None:
        return next((t for t in self.toolkits if t.cuda == cuda), None)

    def architecture(self, cc: str) -> Architecture | None:
        return next((a for a in self.architectures if a.compute_capability == cc), None)

    def cann_release(self, cann: str) -> CannRelease | None:
        return next((c for c in self.cann if c.cann == cann), None)
