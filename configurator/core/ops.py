"""Named, undoable edits. The GUI, fixes and scripts change a build only through these.

Each op is a frozen value; `apply(build)` performs it and returns the op that undoes it, and
`changes()` says which parts of the build it changes (`changes.OpChanges`, what the views
redraw). Impossible edits (an unknown slot, a part that does not exist, a part that does not
fit the slot) raise `OpError` with a coded message and change nothing; legal-but-wrong builds
are left to the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from . import validation_text
from .build import Build, Unplaced
from .catalog import Catalog
from .changes import OpChanges
from .context import BuildContext, resolve
from .message import Msg
from .placement import first_free_slot, placement_problems, unplaced_reason
from .slots import slot_map

#: the build resolved against the catalog (a session passes its evaluator's, which remembers the last)
Resolver = Callable[[Build], BuildContext]


class OpError(ValueError):
    """An edit that cannot be made; the build is unchanged. `msg` says why as data: a message id
    (`code`) and its typed parameters, worded at the edge (words/op_words.py)."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(msg.id, dict(msg.args))
        self.msg = msg

    @property
    def code(self) -> str:
        return self.msg.id


class OpLabel(BaseModel):
    """What an edit is called in the undo history, as data: a message id (words/op_words.py) and
    its text parameters (a part's name, a slot). It survives `model_dump` and validation, as the ops do."""

    model_config = ConfigDict(defer_build=True, frozen=True, extra="forbid")

    id: str
    args: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, msg_id: str, /, **args: str) -> OpLabel:
        return cls(id=msg_id, args=tuple(args.items()))

    def msg(self) -> Msg:
        return Msg(self.id, **dict(self.args))


#: an edit's name: a message the views word, or a view's own words (already in the user's language)
Label = Msg | str


class _Op(BaseModel):
    model_config = ConfigDict(defer_build=True, frozen=True, extra="forbid")

    #: the build's fields this kind of op writes (`changes.SECTION_OF` names their section)
    writes: ClassVar[tuple[str, ...]] = ()

    def changes(self) -> OpChanges:
        """The parts of the build this op changes (and so its inverse, which writes the same fields)."""
        found = OpChanges()
        for name in self.writes:
            found |= OpChanges.of_field(name)
        return found

    def describe(self) -> Label:  # pragma: no cover - overridden
        return str(getattr(self, "op", ""))


def _check_slot(build: Build, catalog: Catalog | None, slot: str) -> None:
    if catalog is None:
        return
    chassis = catalog.chassis(build.chassis)
    if chassis is None:
        raise OpError(Msg("op.unknown-chassis", chassis=build.chassis))
    if slot not in slot_map(chassis):
        raise OpError(Msg("op.unknown-slot", chassis=chassis.name, slot=slot))


class Place(_Op):
    """Put `part` into `slot` (replacing what is there). With the catalog, a part that does not
    fit the slot (`placement.placement_problems`: the slot's kind, socket, size, a neighbour's
    card in the way) is refused with the first reason; the views only forward the drop."""

    op: Literal["place"] = "place"
    slot: str
    part: str
    writes: ClassVar[tuple[str, ...]] = ("placements",)

    def apply(self, build: Build, catalog: Catalog | None = None, resolver: Resolver | None = None) -> AnyOp:
        if catalog is not None:
            self._refuse_misfit(build, catalog, resolver)
        old = build.placements.get(self.slot)
        build.placements = {**build.placements, self.slot: self.part}
        return Place(slot=self.slot, part=old) if old else Remove(slot=self.slot)

    def _refuse_misfit(self, build: Build, catalog: Catalog, resolver: Resolver | None = None) -> None:
        if build.placements.get(self.slot) == self.part:
            return  # already there: nothing to refuse (a redo, a fix that keeps a part)
        ctx = resolver(build) if resolver is not None else resolve(build, catalog)
        problems = placement_problems(ctx, self.slot, self.part)
        if problems:
            code, reason = problems[0]
            raise OpError(Msg("op.place-refused", part=self.part, slot=self.slot, problem=code, reason=reason))

    def describe(self) -> Label:
        return Msg("op.label.place", part=self.part, slot=self.slot)


class Remove(_Op):
    op: Literal["remove"] = "remove"
    slot: str
    writes: ClassVar[tuple[str, ...]] = ("placements", "bridges")

    def apply(self, build: Build, catalog: Catalog | None = None, resolver: Resolver | None = None) -> AnyOp:
        old = build.placements.get(self.slot)
        if old is None:
            return Batch(ops=())
        placements = dict(build.placements)
        del placements[self.slot]
        build.placements = placements
        bridges = tuple(g for g in build.bridges if self.slot not in g)
        if bridges != build.bridges:
            removed = tuple(g for g in build.bridges if self.slot in g)
            build.bridges = bridges
            return Batch(ops=(Place(slot=self.slot, part=old), *(AddBridge(slots=g) for g in removed)))
        return Place(slot=self.slot, part=old)

    def describe(self) -> Label:
        return Msg("op.label.remove", slot=self.slot)


class AddBridge(_Op):
    op: Literal["add_bridge"] = "add_bridge"
    slots: tuple[str, ...] = Field(min_length=2)
    writes: ClassVar[tuple[str, ...]] = ("bridges",)

    def apply(self, build: Build, catalog: Catalog | None = None, resolver: Resolver | None = None) -> AnyOp:
        for s in self.slots:
            _check_slot(build, catalog, s)
        build.bridges = (*build.bridges, tuple(self.slots))
        return RemoveBridge(slots=self.slots)

    def describe(self) -> Label:
        return Msg("op.label.add-bridge", slots="–".join(self.slots))


class RemoveBridge(_Op):
    op: Literal["remove_bridge"] = "remove_bridge"
    slots: tuple[str, ...]
    writes: ClassVar[tuple[str, ...]] = ("bridges",)

    def apply(self, build: Build, catalog: Catalog | None = None, resolver: Resolver | None = None) -> AnyOp:
        if tuple(self.slots) not in build.bridges:
            return Batch(ops=())
        build.bridges = tuple(g for g in build.bridges if g != tuple(self.slots))
        return AddBridge(slots=self.slots)

    def describe(self) -> Label:
        return Msg("op.label.remove-bridge", slots="–".join(self.slots))


class SetOption(_Op):
    """Set a build option by dotted path: `psu_redundancy`, `site.ambient_c`, `meta.customer`..."""

    op: Literal["set_option"] = "set_option"
    path: str
    value: Any = None

    def changes(self) -> OpChanges:
        return OpChanges.of_field(self.path.partition(".")[0])

    def apply(self, build: Build, catalog: Catalog | None = None, resolver: Resolver | None = None) -> AnyOp:
        head, _, rest = self.path.partition(".")
        if head not in type(build).model_fields or head in ("placements", "bridges"):
            raise OpError(Msg("op.unknown-option", path=self.path))
        old_top = getattr(build, head)
        try:
            if rest:
                if not isinstance(old_top, BaseModel) or rest not in type(old_top).model_fields:
                    raise OpError(Msg("op.unknown-option", path=self.path))
                old = getattr(old_top, rest)
                new_top = type(old_top).model_validate({**old_top.model_dump(), rest: self.value})
                setattr(build, head, new_top)
            else:
                old = old_top
                setattr(build, head, self.value)
        except OpError:
            raise
        except ValueError as exc:  # pydantic ValidationError is a ValueError
            raise OpError(Msg("op.bad-option", path=self.path, reason=_first_error(exc))) from None
        return SetOption(path=self.path, value=old)

    def describe(self) -> Label:
        return Msg("op.label.set-option", path=self.path)


class SetChassis(_Op):
    """Switch chassis. A part whose slot the new chassis lacks moves to the first free slot that
    takes it, else to the build's "Not placed" tray (`Build.unplaced`) with the reason's code: never dropped."""

    op: Literal["set_chassis"] = "set_chassis"
    chassis: str
    writes: ClassVar[tuple[str, ...]] = ("chassis", "placements", "bridges", "unplaced", "owned")

    def apply(self, build: Build, catalog: Catalog | None = None, resolver: Resolver | None = None) -> AnyOp:
        before = build.snapshot()
        if catalog is not None:
            new = catalog.chassis(self.chassis)
            if new is None:
                raise OpError(Msg("op.unknown-chassis", chassis=self.chassis))
            slots = slot_map(new)
            homeless = [(s, p) for s, p in build.placements.items() if s not in slots]
            build.placements = {s: p for s, p in build.placements.items() if s in slots}
            build.bridges = tuple(g for g in build.bridges if all(s in slots for s in g))
            build.chassis = self.chassis
            _rehome(build, catalog, homeless)
        build.chassis = self.chassis
        return Restore(state=before)

    def describe(self) -> Label:
        return Msg("op.label.set-chassis", chassis=self.chassis)


def _rehome(build: Build, catalog: Catalog, homeless: list[tuple[str, str]]) -> None:
    """Put each (old slot, part) in the first free slot of the build's chassis that takes it, else in the tray
    with the code of the reason (`placement.unplaced_reason`, worded where the tray is shown)."""
    tray = list(build.unplaced)
    owned = dict(build.owned)
    for old, pid in homeless:
        free = first_free_slot(build, catalog, pid)
        if free is not None:
            build.placements = {**build.placements, free: pid}
            if owned.get(old) == pid:
                owned[free] = owned.pop(old)
            continue
        item = Unplaced(part=pid, slot=old)
        tray.append(item.model_copy(update={"reason": unplaced_reason(build, catalog, item).id}))
    build.owned = owned
    build.unplaced = tuple(tray)


def take_from_tray(build: Build, index: int, slot: str) -> Batch:
    """Place the tray's item `index` into `slot` and take it off the tray, as one undo step."""
    if not 0 <= index < len(build.unplaced):
        raise OpError(Msg("op.no-tray-item", index=index))
    item = build.unplaced[index]
    rest = build.unplaced[:index] + build.unplaced[index + 1:]
    return Batch(ops=(Place(slot=slot, part=item.part), SetOption(path="unplaced", value=rest)),
                 label=OpLabel.of("op.label.place", part=item.part, slot=slot))


def discard_from_tray(build: Build, index: int) -> SetOption:
    """Drop the tray's item `index` from the build for good (undoable)."""
    if not 0 <= index < len(build.unplaced):
        raise OpError(Msg("op.no-tray-item", index=index))
    return SetOption(path="unplaced", value=build.unplaced[:index] + build.unplaced[index + 1:])


class Restore(_Op):
    """Put back a whole earlier state (the inverse of wide edits)."""

    op: Literal["restore"] = "restore"
    state: dict[str, Any]

    def changes(self) -> OpChanges:
        return OpChanges.everything()

    def apply(self, build: Build, catalog: Catalog | None = None, resolver: Resolver | None = None) -> AnyOp:
        before = build.snapshot()
        build.restore(self.state)
        return Restore(state=before)

    def describe(self) -> Label:
        return Msg("op.label.restore")


class Batch(_Op):
    """Several ops as one undo step; `label` names it (a coded label, or a view's own words)."""

    op: Literal["batch"] = "batch"
    ops: tuple[AnyOp, ...] = ()
    label: OpLabel | str = ""

    def changes(self) -> OpChanges:
        found = OpChanges()
        for op in self.ops:
            found |= op.changes()
        return found

    def apply(self, build: Build, catalog: Catalog | None = None, resolver: Resolver | None = None) -> AnyOp:
        inverses: list[AnyOp] = []
        before = build.snapshot()
        try:
            for op in self.ops:
                inverses.append(op.apply(build, catalog, resolver))
        except Exception:
            build.restore(before)
            raise
        return Batch(ops=tuple(reversed(inverses)), label=self.label)

    def describe(self) -> Label:
        if isinstance(self.label, OpLabel):
            return self.label.msg()
        if self.label or not self.ops:
            return self.label
        said = self.ops[-1].describe()
        for op in reversed(self.ops[:-1]):       # "A; B; C", joined the language's way
            said = Msg("op.label.then", first=op.describe(), rest=said)
        return said


AnyOp = Annotated[
    Place | Remove | AddBridge | RemoveBridge | SetOption | SetChassis | Restore | Batch,
    Field(discriminator="op"),
]


def fill_similar(build: Build, catalog: Catalog, slot: str, part: str) -> Batch:
    """Ops that put `part` into every empty slot of the same kind and group as `slot`."""
    chassis = catalog.chassis(build.chassis)
    if chassis is None:
        raise OpError(Msg("op.unknown-chassis", chassis=build.chassis))
    smap = slot_map(chassis)
    if slot not in smap:
        raise OpError(Msg("op.unknown-slot", chassis=chassis.name, slot=slot))
    ref = smap[slot]
    targets = [s.id for s in smap.values()
               if s.kind == ref.kind and s.group.split(" ")[-1] == ref.group.split(" ")[-1]
               and _role(s) == _role(ref) and s.id not in build.placements]
    if slot not in build.placements and slot not in targets:
        targets.insert(0, slot)
    if build.placements.get(slot) != part:
        Place(slot=slot, part=part)._refuse_misfit(build, catalog)
    return Batch(ops=tuple(Place(slot=s, part=part) for s in _fitting(build, catalog, targets, part)),
                 label=OpLabel.of("op.label.fill-similar", part=part))


def _fitting(build: Build, catalog: Catalog, targets: list[str], part: str) -> list[str]:
    """The `targets` that take `part`, each tried with the earlier ones filled (a wide card covers
    its neighbour): the batch of their `Place`s is then never refused."""
    placements = dict(build.placements)
    trial = build.model_copy(update={"placements": placements})
    kept = []
    for slot in targets:
        if not placement_problems(resolve(trial, catalog), slot, part):
            placements[slot] = part
            kept.append(slot)
    return kept


def _role(slot: Any) -> tuple[Any, ...]:
    """What a slot is for, as far as "similar" goes: its id's name part (NIC, DPU, AUX, SLOT …)
    and, for PCIe, its shape (GPU power, width, height, OCP): NIC1 is not like DPU1 or AUX1."""
    spec = slot.pcie
    if spec is None:     # DIMMs, bays, PSUs: the kind and group say it (CPU1_DIMM_A1 is like CPU2_DIMM_H2)
        return ()
    return (slot.id.rstrip("0123456789"), spec.gpu_capable, spec.max_width, spec.height, spec.form)


def clear_all(build: Build) -> Batch:
    return Batch(ops=tuple(Remove(slot=s) for s in build.placements), label=OpLabel.of("op.label.clear"))


def _first_error(exc: Exception) -> Msg:
    """Why a value was refused, as a message: pydantic's first error by its type
    (core/validation_text.py), else the error's first line as given."""
    errors = getattr(exc, "errors", None)
    errs = errors() if callable(errors) else None
    if errs:
        return validation_text.msg(errs[0])
    return Msg("input.as-given", text=str(exc).splitlines()[0])
