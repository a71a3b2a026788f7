"""LEAP's learning loop (Algorithm 1, §3.3) over HaluEval train records, and the trajectory export for agent tuning.

``learn_strategies`` runs the planner, actor, critic and reflector of a :class:`~veracity.detectors.leap.LeapDetector`
on each chosen record, with its true label, and grows the memories. It writes into one folder:

- ``memory/``: M_P, M_A and M_C (:class:`~veracity.detectors.leap.memory.AgentMemory`), saved after every record;
- ``trajectories.jsonl``: one line per record, with the planner's and the actor's conversations in a standard chat
  form (assistant turns carry ``tool_calls``, tool results are ``tool`` messages, and every message has ``train``:
  true for the agent's own tokens, false for prompts and observations: the mask of Eq. 11);
- ``metrics.json``: accuracy of the learning runs, advantages, LLM calls, time per record, and the strategy pool's
  size and entropy (Table 6).

A run resumes: records already in ``trajectories.jsonl`` are skipped. A record that fails (a model that is down)
is written as an error line and the run goes on.

Records: ``per_task`` of each task's train split (HaluEval rows 0-7999), drawn with ``seed``; for each drawn row the
right or the hallucinated answer alternately, so the labels are balanced.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from veracity._jsonl import ResumableJsonl, has_rows_file, read_rows
from veracity.data.loaders import Example, load_dataset
from veracity.detectors.leap.agents import PREDICT_PROMPT, State, Trajectory
from veracity.errors import InputError, VeracityError
from veracity.schema import Document

__all__ = [
    "LearnConfig",
    "actor_conversation",
    "choose_records",
    "export_sft",
    "learn_strategies",
]

TASKS = ("qa", "dialogue", "summarization")


class LearnConfig(BaseModel):
    """Settings of ``veracity train leap-strategies``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    out: str = Field(description="Output folder (memory/, trajectories.jsonl, metrics.json); resumed if present.")
    tasks: list[str] = Field(default_factory=lambda: list(TASKS))
    per_task: int = Field(20, ge=1, description="Records per task.")
    seed: int = 0
    split: str = Field("train", description="HaluEval split the records come from (never test).")
    detector: dict[str, Any] = Field(default_factory=dict, description="LeapConfig settings (llm, max_steps, ...).")


def choose_records(tasks: Sequence[str], per_task: int, seed: int, split: str = "train",
                   data_dir: Path | None = None) -> list[Example]:  # fmt: skip
    """``per_task`` examples of each task, alternating right and hallucinated answers of distinct rows.

    The tasks take turns (qa, dialogue, summarization, qa, ...), so a run cut short is still balanced.

    Raises:
        InputError: an unknown task, or a split other than train/dev (the learning loop must not see test).
    """
    if split not in ("train", "dev"):
        raise InputError(f"the learning loop reads train or dev records, not {split!r}")
    by_task: list[list[Example]] = []
    for task in tasks:
        if task not in TASKS:
            raise InputError(f"unknown HaluEval task {task!r}; choose from {', '.join(TASKS)}")
        rows: dict[str, dict[int, Example]] = {}
        for record in load_dataset(f"halueval-{task}:{split}", data_dir):
            if isinstance(record, Example):
                rows.setdefault(record.id.partition("-")[0], {})[record.label] = record
        names = sorted(rows, key=int)
        picked = random.Random(f"{seed}:{task}").sample(names, min(per_task, len(names)))
        by_task.append([rows[name].get(i % 2) or next(iter(rows[name].values())) for i, name in enumerate(picked)])
    return [task[i] for i in range(max(map(len, by_task), default=0)) for task in by_task if i < len(task)]


def actor_conversation(trajectory: Trajectory) -> list[dict[str, Any]]:
    """The actor's run as chat messages: system and user prompts, assistant steps with tool calls, tool results."""
    messages: list[dict[str, Any]] = [{**m, "train": False} for m in trajectory.messages[:2]]
    for step in trajectory.steps:
        call = {"type": "function", "function": {"name": step.call.tool, "arguments": json.dumps(dict(step.call.args))}}
        messages.append({"role": "assistant", "content": step.reply, "tool_calls": [call], "train": True})
        if step.call.tool != "get_answer":
            messages.append({"role": "tool", "name": step.call.tool, "content": step.observation, "train": False})
    return messages


def _done(path: Path) -> set[str]:
    # A line cut by an interruption is skipped by read_rows: that record is redone.
    return {str(row["id"]) for row in read_rows(path) if "id" in row}


def learn_strategies(config: LearnConfig, data_dir: Path | None = None,
                     log: Callable[[str], None] = print, detector: Any = None) -> dict[str, Any]:  # fmt: skip
    """Run Algorithm 1 over the chosen records; returns (and writes) the metrics.

    ``detector`` may be given (tests pass one with a scripted LLM); by default it is built from
    ``config.detector`` with the memory in ``OUT/memory``.
    """
    from veracity.detectors.leap import LeapDetector

    out = Path(config.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "config.json").write_text(config.model_dump_json(indent=2) + "\n", encoding="utf-8")
    if detector is None:
        detector = LeapDetector.from_config(memory=str(out / "memory"), **config.detector)
    if detector.memory is None:
        raise InputError("the learning loop needs a detector with a memory")
    records = choose_records(config.tasks, config.per_task, config.seed, config.split, data_dir)
    trajectories = out / "trajectories.jsonl"
    done = _done(trajectories)
    todo = [r for r in records if f"{r.task}:{r.id}" not in done]
    log(f"leap learning: {len(records)} records, {len(records) - len(todo)} done before, {len(todo)} to run")
    for n, example in enumerate(todo, 1):
        key = f"{example.task}:{example.id}"
        truth = "hallucinated" if example.label else "faithful"
        documents = [Document(id=f"doc-{i}", text=t) for i, t in enumerate(example.context, 1) if t.strip()]
        state = State(answer=example.answer, context="\n\n".join(d.text for d in documents),
                      question=example.question, kind=example.task or "")  # fmt: skip
        start = time.perf_counter()
        try:
            if not documents:
                raise InputError("the record has no context")
            outcome = detector.learn(state, documents, truth)
        except VeracityError as exc:
            row: dict[str, Any] = {"id": key, "task": example.task, "error": str(exc)[:500]}
            log(f"[{n}/{len(todo)}] {key}: error: {str(exc)[:200]}")
        else:
            detector.memory.save()
            row = {
                "id": key,
                "task": example.task,
                "truth": truth,
                "label": outcome.trajectory.label,
                "correct": outcome.correct,
                "stopped_by": outcome.trajectory.stopped_by,
                "score": outcome.score,
                "value": outcome.value,
                "advantage": outcome.advantage,
                "tool_calls": outcome.trajectory.tool_calls,
                "llm_calls": outcome.llm_calls,
                "seconds": round(time.perf_counter() - start, 2),
                "strategy": outcome.strategy.as_dict(),
                "reflection": outcome.reflection.text() if outcome.reflection else None,
                "notes": outcome.notes,
                "planner_messages": [{**m, "train": m["role"] == "assistant"} for m in outcome.planner_messages],
                "actor_messages": actor_conversation(outcome.trajectory),
            }
            log(f"[{n}/{len(todo)}] {key}: {truth} -> {outcome.trajectory.label} A={outcome.advantage:+.2f} "
                f"({row['seconds']} s, {outcome.llm_calls} LLM calls)")  # fmt: skip
        with ResumableJsonl(trajectories) as output:  # one row at a time: a record takes minutes
            output.write(row)
    metrics = summarise(list(read_rows(trajectories)), detector.memory.stats())
    metrics["command_config"] = config.model_dump()
    (out / "metrics.json").write_text(json.dumps(metrics, indent=2) + "\n", encoding="utf-8")
    return metrics


def summarise(rows: Sequence[Mapping[str, Any]], memory_stats: Mapping[str, Any]) -> dict[str, Any]:
    """Accuracy, advantages, calls and time of a learning run's rows, with the memory's strategy-pool statistics."""
    ok = [r for r in rows if "error" not in r]
    by_task: dict[str, list[Mapping[str, Any]]] = {}
    for row in ok:
        by_task.setdefault(str(row.get("task")), []).append(row)

    def mean(values: Sequence[float]) -> float | None:
        return round(sum(values) / len(values), 4) if values else None

    return {
        "records": len(rows),
        "errors": len(rows) - len(ok),
        "accuracy": mean([float(r["correct"]) for r in ok]),
        "accuracy_by_task": {t: mean([float(r["correct"]) for r in rs]) for t, rs in sorted(by_task.items())},
        "positive_advantage_share": mean([float(r["advantage"] > 0) for r in ok]),
        "mean_advantage": mean([float(r["advantage"]) for r in ok]),
        "mean_tool_calls": mean([float(r["tool_calls"]) for r in ok]),
        "mean_llm_calls": mean([float(r["llm_calls"]) for r in ok]),
        "mean_seconds": mean([float(r["seconds"]) for r in ok]),
        "stopped_by": {k: sum(r.get("stopped_by") == k for r in ok) for k in ("get_answer", "step_limit", "fallback")},
        "reflections": sum(r.get("reflection") is not None for r in ok),
        "memory": dict(memory_stats),
    }


def export_sft(trajectories: Path, out: Path, min_advantage: float = 0.0) -> dict[str, int]:
    """Write the agent-tuning sets of §3.4 from a learning run: ``planner.jsonl``, ``actor.jsonl``, ``critic.jsonl``.

    Planner and actor conversations are kept only for trajectories with A > ``min_advantage`` (the paper filters
    A > 0); the critic set D_crit keeps every (s_0, π_strat, A), the strategy's predicted score as the target.

    Raises:
        InputError: the trajectories file is missing.
    """
    if not has_rows_file(trajectories):  # plain or packed (.gz)
        raise InputError(f"no trajectories file at {trajectories}")
    out.mkdir(parents=True, exist_ok=True)
    counts = {"planner": 0, "actor": 0, "critic": 0}
    with (out / "planner.jsonl").open("w", encoding="utf-8") as planner, \
            (out / "actor.jsonl").open("w", encoding="utf-8") as actor, \
            (out / "critic.jsonl").open("w", encoding="utf-8") as critic:  # fmt: skip
        for row in read_rows(trajectories):
            if "error" in row:
                continue
            advantage = float(row["advantage"])
            if advantage > min_advantage:
                if row.get("planner_messages"):
                    planner.write(json.dumps({"id": row["id"], "messages": row["planner_messages"]}) + "\n")
                    counts["planner"] += 1
                actor.write(json.dumps({"id": row["id"], "messages": row["actor_messages"]}) + "\n")
                counts["actor"] += 1
            state = next((m["content"] for m in row["actor_messages"] if m["role"] == "user"), "")
            target = json.dumps({"score": max(-5, min(5, round(5 * advantage)))})
            strategy = "\n".join(f"[{k.upper()}] {v}" for k, v in row["strategy"].items())
            messages = [
                {"role": "system", "content": PREDICT_PROMPT, "train": False},
                {"role": "user", "content": f"{state}\n\nProposed strategy:\n{strategy}", "train": False},
                {"role": "assistant", "content": target, "train": True},
            ]
            critic.write(json.dumps({"id": row["id"], "advantage": advantage, "messages": messages}) + "\n")
            counts["critic"] += 1
    return counts
