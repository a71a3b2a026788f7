"""The ``leap`` detector: LEAP's agents with proactive correction (Algorithm 2), and its learning step (Algorithm 1).

For each answer the planner proposes a strategy (reflections on similar past failures retrieved from M_P). Proactive
correction (§3.5) predicts its advantage Â; below θ_corr the reflector critiques it and the planner revises, up to
``max_revisions`` times. The actor then runs the approved strategy with the toolbox
(:mod:`veracity.detectors.leap.tools`), its examples retrieved from M_A, until ``get_answer``. The verdict is
``get_answer``'s label, checked against a schema; text in the context or the answer cannot change the format.

Â comes from ``correction``:

- ``regressor``: ridge regression on embeddings of (s_0, strategy), fitted on the memory's stored advantages
  (no LLM call; needs ``min_regressor_records`` records);
- ``llm``: the critic LLM in context, its score in [-5, 5] divided by 5;
- ``auto`` (default): the regressor when the memory can fit it, else the LLM critic;
- ``off``: no correction (the "w/o Correction" ablation of Table 2).

The other ablations of Table 2 are settings too: ``dynamic_strategy=false`` (one fixed plan, no planner call),
``reflection_retrieval=false``, ``memory_retrieval=false`` and ``tools=false`` (only ``get_answer``).

The score is the agent's verdict (1 hallucinated, 0 faithful; threshold 0.5): the agent gives a label, not a
probability. Spans are the answer sentences a ``match`` call found unsupported.

Faults never crash a check: an unusable planner reply gives the fixed strategy, an unusable actor reply or a failed
LLM ends the run with the fallback verdict of :func:`~veracity.detectors.leap.agents.act`, and the report says so.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Self

from pydantic import ConfigDict, Field

from veracity.detectors.base import (
    ConfiguredDetector,
    ModelSettings,
    StageTimer,
    as_documents,
    empty_answer_report,
    scorer_for,
)
from veracity.detectors.leap.agents import (
    AdvantageRegressor,
    Reflection,
    State,
    Strategy,
    Trajectory,
    act,
    advantage,
    judge,
    plan,
    plan_messages,
    predict_score,
    predict_value,
    reflect,
    rule_score,
)
from veracity.detectors.leap.memory import AgentMemory
from veracity.detectors.leap.tools import TOOL_NAMES, ContextSearch, HTTPSearch, IndexSearch, SearchBackend, Toolbox
from veracity.detectors.verifier import DEFAULT_VERIFIER
from veracity.errors import BackendError, ConfigError, LLMOutputError
from veracity.models.embedder import DEFAULT_EMBEDDER, Embedder, SentenceTransformerEmbedder
from veracity.models.llm import LLM, load_llm
from veracity.models.llm.base import CountingLLM
from veracity.models.llm.llamacpp import DEFAULT_LOCAL_LLM
from veracity.models.pair_scorer import PairScorer
from veracity.schema import AgentStep, AgentStrategy, AgentTrace, Details, Document, Report, TextSpan

__all__ = ["FIXED_STRATEGY", "LeapConfig", "LeapDetector", "LearnOutcome"]

FIXED_STRATEGY = Strategy(
    question_type="general",
    strategy="sentence-by-sentence matching",
    plan="Split the response into sentences, match each against the context, and call it hallucinated if any "
    "sentence is unsupported.",
    path="split_text(response), then match(sentence) for each sentence, then get_answer.",
)


class LeapConfig(ModelSettings):
    """Settings of the ``leap`` detector (paper defaults: λ = 0.1, K = 2, θ_corr = 0; §4.1)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    llm: str = Field(
        DEFAULT_LOCAL_LLM,
        description="Agents' LLM: a catalog name or .gguf path (llama.cpp), an OpenAI-compatible base URL, or "
        "transformers:BASE (a transformers model; needed for adapters).",
    )
    adapters: str | None = Field(
        None, description="A folder of LoRA adapters (planner/, actor/, critic/) from `veracity train leap-agent`."
    )
    llm_timeout: float = Field(120.0, gt=0, description="Seconds per request to an LLM server.")
    nli_model: str = Field(DEFAULT_VERIFIER, description="The verifier behind the match tool.")
    embedder: str = Field(DEFAULT_EMBEDDER, description="Embeds memory keys and the context for search.")
    memory: str | None = Field(None, description="A memory folder written by `veracity train leap-strategies`.")
    search: str = Field(
        "context",
        description="web_search backend: context (the example's documents), index:PATH (a veracity index), "
        "or an http(s) URL of a search service (docs/leap.md).",
    )
    search_k: int = Field(3, ge=1, le=20)
    max_steps: int = Field(6, ge=1, le=30, description="Actor steps before the step limit stops it.")
    actor_max_tokens: int = Field(
        1024, ge=32, description="Tokens per actor step; must cover the schema's longest step (docs/leap.md)."
    )
    reflections_k: int = Field(2, ge=0, description="K: reflections retrieved for the planner (Eq. 3).")
    examples_k: int = Field(2, ge=0, description="Successful past strategies shown to the actor (Ψ_pos).")
    cautions_k: int = Field(1, ge=0, description="Cautionary tales shown to the actor (Ψ_neg).")
    value_k: int = Field(4, ge=1, description="States averaged for V(s_0) (Eq. 7).")
    tool_cost: float = Field(0.1, ge=0.0, description="λ of Eq. 9.")
    correction: Literal["auto", "regressor", "llm", "off"] = "auto"
    theta_corr: float = Field(0.0, description="θ_corr: strategies with Â below it are revised (Eq. 12).")
    max_revisions: int = Field(2, ge=0, le=5)
    min_regressor_records: int = Field(8, ge=2)
    dynamic_strategy: bool = Field(True, description="False: one fixed plan, no planner (Table 2 ablation).")
    reflection_retrieval: bool = Field(True, description="False: the planner sees no reflections (ablation).")
    memory_retrieval: bool = Field(True, description="False: the actor sees no past strategies (ablation).")
    tools: bool = Field(True, description="False: only get_answer (the 'w/o Tools' ablation).")
    verdict: Literal["agent", "tools"] = Field(
        "tools",
        description="agent: get_answer's label decides; tools: a label that contradicts the agent's own match "
        "calls is overruled by them (chosen on HaluEval train records; docs/leap.md).",
    )
    judge_with_llm: bool = Field(True, description="Learning: the critic LLM scores trajectories (else a rule).")
    match_threshold: float = Field(0.5, ge=0.0, le=1.0, description="match is True iff P(entailment) >= this.")
    time_budget_s: float = Field(20.0, gt=0, description="Wall-clock budget per tool call.")
    context_chars: int = Field(2500, ge=100, description="Context characters shown to the actor.")
    planner_context_chars: int = Field(1200, ge=100, description="Context characters shown to the planner.")


ROLES = ("planner", "actor", "critic", "reflector")


class _Agents(dict[str, CountingLLM]):
    """Each role's LLM for one check, counted."""

    @property
    def calls(self) -> int:
        """LLM calls of every role so far."""
        return sum(llm.calls for llm in self.values())


@dataclass
class _Run:
    strategies: list[AgentStrategy] = field(default_factory=list)
    strategy: Strategy = FIXED_STRATEGY
    trajectory: Trajectory = field(default_factory=Trajectory)
    notes: list[str] = field(default_factory=list)
    fallbacks: list[str] = field(default_factory=list)  # agent outputs unusable after repair and a retry
    planner_messages: list[dict[str, str]] = field(default_factory=list)


@dataclass(frozen=True)
class LearnOutcome:
    """What one step of the learning loop produced (Algorithm 1)."""

    strategy: Strategy
    trajectory: Trajectory
    correct: bool
    score: int  # the critic's G in [-5, 5]
    value: float  # V(s_0) before this run
    advantage: float
    reflection: Reflection | None
    llm_calls: int
    notes: list[str]
    planner_messages: list[dict[str, str]]


class LeapDetector(ConfiguredDetector[LeapConfig]):
    """LEAP: planner, actor, critic and reflector over one LLM, with memories and the toolbox."""

    name = "leap"
    config_class = LeapConfig

    def __init__(
        self,
        llm: LLM,
        scorer: PairScorer,
        embedder: Embedder,
        settings: LeapConfig | None = None,
        memory: AgentMemory | None = None,
        search: SearchBackend | None = None,
        role_llms: Mapping[str, LLM] | None = None,
    ) -> None:
        self.settings = settings or LeapConfig()
        self.llm = llm
        self.scorer = scorer
        self.embedder = embedder
        self.memory = memory
        self._search = search
        self._regressor: AdvantageRegressor | None = None
        self.role_llms = dict(role_llms or {})

    def _agents(self) -> _Agents:
        return _Agents({role: CountingLLM(self.role_llms.get(role, self.llm)) for role in ROLES})

    @classmethod
    def from_config(cls, config: LeapConfig | None = None, **overrides: Any) -> Self:
        """Build the detector; the LLM and the NLI model load on first use, the memory now (errors early)."""
        settings = cls.settings_from(config, overrides)
        embedder = SentenceTransformerEmbedder(settings.embedder, device=settings.device, backend=settings.backend)
        memory = AgentMemory.open(Path(settings.memory), embedder) if settings.memory else None
        search: SearchBackend | None = None
        if settings.search.startswith(("http://", "https://")):
            search = HTTPSearch(settings.search)
        elif settings.search.startswith("index:"):
            from veracity.stages.retrieve.knowledge import KnowledgeIndex

            search = IndexSearch(KnowledgeIndex.open(Path(settings.search[len("index:") :])))
        elif settings.search != "context":
            raise ConfigError(f"search must be context, index:PATH or an http(s) URL, got {settings.search!r}")
        llm = load_llm(settings.llm, timeout=settings.llm_timeout)
        role_llms: dict[str, LLM] = {}
        if settings.adapters:
            from veracity.models.llm.transformers import TransformersChat

            if not isinstance(llm, TransformersChat):
                raise ConfigError("adapters need a transformers base model: --set llm=transformers:BASE")
            folder = Path(settings.adapters)
            found = {r: str(folder / r) for r in ("planner", "actor", "critic") if (folder / r).is_dir()}
            if not found:
                raise ConfigError(f"no planner, actor or critic adapter folder in {folder}")
            llm = TransformersChat(llm.base, found, device=settings.device)
            role_llms = {role: llm.role(role) for role in ROLES}
        scorer = scorer_for(settings.nli_model, settings)
        return cls(llm, scorer, embedder, settings, memory, search, role_llms)

    def _models(self) -> dict[str, str]:
        return {"llm": self.llm.model_id, "nli": self.scorer.model_id, "embedder": self.embedder.model_id}

    # -- the pieces ---------------------------------------------------------------------------------------------
    def toolbox(self, documents: Sequence[Document], question: str | None = None) -> Toolbox:
        """The tools for one example."""
        s = self.settings
        search = self._search or ContextSearch(self.embedder, documents)
        return Toolbox(self.scorer, documents, search, s.match_threshold, s.time_budget_s, s.search_k,
                       question=question)  # fmt: skip

    def _reflections(self, key: str) -> list[str]:
        s = self.settings
        if self.memory is None or not s.reflection_retrieval or s.reflections_k == 0:
            return []
        return [str(r.payload.get("reflection", "")) for _, r in self.memory.search("planner", key, s.reflections_k)]

    def _examples(self, key: str) -> list[tuple[str, dict[str, Any]]]:
        s = self.settings
        if self.memory is None or not s.memory_retrieval:
            return []
        good = self.memory.search("actor", key, s.examples_k, where=lambda p: float(p.get("advantage", 0)) > 0)
        bad = self.memory.search("actor", key, s.cautions_k, where=lambda p: float(p.get("advantage", 0)) <= 0)
        return [(r.key, dict(r.payload)) for _, r in good + bad]

    def _plan(self, agents: _Agents, state: State, run: _Run, critique: str = "") -> Strategy:
        s = self.settings
        if not s.dynamic_strategy:
            return FIXED_STRATEGY
        reflections = self._reflections(state.key())
        try:
            strategy = plan(agents["planner"], state, reflections, s.planner_context_chars, critique)
        except (LLMOutputError, BackendError) as exc:
            run.fallbacks.append(f"planner reply unusable ({str(exc)[:120]}); the fixed strategy was used")
            return FIXED_STRATEGY
        reply = {"role": "assistant", "content": json.dumps(strategy.as_dict(), ensure_ascii=False)}
        run.planner_messages = [*plan_messages(state, reflections, s.planner_context_chars, critique), reply]
        return strategy

    def _predicted_advantage(self, agents: _Agents, state: State, strategy: Strategy, run: _Run) -> float | None:
        s = self.settings
        mode = s.correction
        if mode == "off" or not s.dynamic_strategy:
            return None
        if mode in ("auto", "regressor") and self.memory is not None:
            if self._regressor is None:
                self._regressor = AdvantageRegressor(self.embedder, min_records=s.min_regressor_records).fit(
                    self.memory
                )
            predicted = self._regressor.predict(state.key(), strategy)
            if predicted is not None:
                return predicted
        if mode == "regressor":
            run.notes.append("correction: the memory is too small to fit the advantage regressor; no correction")
            return None
        examples: list[tuple[str, float]] = []
        if self.memory is not None:
            found = self.memory.search("actor", state.key(), 4)
            examples = [
                (f"{r.payload.get('strategy', {}).get('strategy', '')}", 5 * float(r.payload.get("advantage", 0)))
                for _, r in found
            ]
        try:
            return predict_score(agents["critic"], state, strategy, examples) / 5.0
        except (LLMOutputError, BackendError) as exc:
            run.fallbacks.append(f"critic reply unusable ({str(exc)[:120]}); the strategy was not checked")
            return None

    def _propose(self, agents: _Agents, state: State, run: _Run) -> Strategy:
        """Algorithm 2's loop: plan, predict Â, revise while Â < θ_corr (at most ``max_revisions`` times)."""
        s = self.settings
        strategy = self._plan(agents, state, run)
        for revision in range(s.max_revisions + 1):
            predicted = self._predicted_advantage(agents, state, strategy, run)
            approved = predicted is None or predicted >= s.theta_corr or revision == s.max_revisions
            critique = ""
            if not approved:
                try:
                    reflection = reflect(
                        agents["reflector"],
                        state,
                        strategy,
                        outcome=f"predicted advantage {predicted:+.2f} is below {s.theta_corr}",
                    )
                    critique = reflection.text()
                except (LLMOutputError, BackendError) as exc:
                    run.fallbacks.append(f"reflector reply unusable ({str(exc)[:120]}); the strategy ran unrevised")
                    approved = True
            run.strategies.append(
                AgentStrategy(
                    **strategy.as_dict(),
                    predicted_advantage=predicted,
                    approved=approved,
                    revision=revision,
                    critique=critique,
                )
            )
            if approved:
                return strategy
            strategy = self._plan(agents, state, run, critique=critique)
        return strategy  # not reached: the last revision is always approved

    def _execute(self, agents: _Agents, state: State, documents: Sequence[Document], strategy: Strategy) -> Trajectory:
        s = self.settings
        tools = TOOL_NAMES if s.tools else ("get_answer",)
        return act(
            agents["actor"],
            state,
            strategy,
            self.toolbox(documents, state.question),
            self._examples(state.key()),
            s.max_steps,
            s.context_chars,
            tools=tools,
            max_tokens=s.actor_max_tokens,
            verdict=s.verdict,
        )

    # -- detection ----------------------------------------------------------------------------------------------
    def detect(self, answer: str, context: Sequence[Document | str], question: str | None = None) -> Report:
        """Plan, correct, act; the verdict is the agent's ``get_answer``."""
        documents = as_documents(context)
        if not answer.strip():
            return empty_answer_report(self, answer, question, 0.5, self._models())
        agents = self._agents()
        timer = StageTimer()
        state = State(answer=answer, context="\n\n".join(d.text for d in documents), question=question)
        run = _Run()
        with timer.stage("planning"):
            run.strategy = self._propose(agents, state, run)
        with timer.stage("acting"):
            run.trajectory = self._execute(agents, state, documents, run.strategy)
        return self._report(answer, question, run, agents.calls, timer)

    def _report(self, answer: str, question: str | None, run: _Run, llm_calls: int, timer: StageTimer) -> Report:
        trajectory = run.trajectory
        hallucinated = trajectory.label == "hallucinated"
        spans = []
        for step in trajectory.steps:
            if step.supported is False:
                sentence = str(step.call.args.get("sentence", "")).strip()
                start = answer.find(sentence) if sentence else -1
                if start >= 0:
                    spans.append(TextSpan.of(answer, start, start + len(sentence)))
        steps = [
            AgentStep(
                thought=st.thought,
                tool=st.call.tool,
                args=dict(st.call.args),
                observation=st.observation,
                ok=st.ok,
                elapsed_ms=st.elapsed_ms,
            )
            for st in trajectory.steps
        ]
        return self.report(
            timer=timer,
            answer=answer,
            question=question,
            score=1.0 if hallucinated else 0.0,
            threshold=0.5,
            hallucinated_spans=sorted(set(spans), key=lambda sp: (sp.start, sp.end)) if hallucinated else [],
            models=self._models(),
            notes=run.notes + trajectory.notes + run.fallbacks + trajectory.fallbacks,
            details=Details(
                agent=AgentTrace(
                    strategies=run.strategies,
                    steps=steps,
                    stopped_by=trajectory.stopped_by,
                    llm_calls=llm_calls,
                    evidence=trajectory.evidence,
                    fallbacks=run.fallbacks + trajectory.fallbacks,
                )
            ),
        )

    # -- learning (Algorithm 1) ---------------------------------------------------------------------------------
    def learn(self, state: State, documents: Sequence[Document], truth: str) -> LearnOutcome:
        """One pass of the learning loop on a labelled example; grows the memory (not saved here).

        Raises:
            ConfigError: the detector has no memory to learn into.
        """
        if self.memory is None:
            raise ConfigError("learning needs a memory: build the detector with a memory folder")
        s = self.settings
        agents = self._agents()
        run = _Run()
        key = state.key()
        strategy = self._plan(agents, state, run)
        trajectory = self._execute(agents, state, documents, strategy)
        correct = trajectory.label == truth
        reward = 1.0 if correct else -1.0
        score = rule_score(correct, trajectory.tool_calls)
        if s.judge_with_llm:
            try:
                score = judge(agents["critic"], state, strategy, trajectory, truth)
            except (LLMOutputError, BackendError) as exc:
                run.fallbacks.append(f"critic reply unusable ({str(exc)[:120]}); G by rule")
        # The LLM judge may contradict the outcome; its sign must follow R_T (Figure 9's initial reward).
        score = max(1, score) if correct else min(-1, score)
        value = predict_value(self.memory, key, s.value_k)
        adv = advantage(reward, value, trajectory.tool_calls, s.tool_cost)
        self.memory.add(
            "actor", key, {"strategy": strategy.as_dict(), "advantage": adv, "correct": correct, "task": state.kind}
        )
        self.memory.add("critic", key, {"value": score / 5.0, "strategy": strategy.as_dict()})
        self._regressor = None  # refit on next use
        reflection = None
        if adv < 0:
            outcome = (
                f"verdict {trajectory.label}, truth {truth}, advantage {adv:+.2f} with {trajectory.tool_calls} tools"
            )
            try:
                reflection = reflect(agents["reflector"], state, strategy, trajectory, outcome)
                self.memory.add("planner", key, {"reflection": reflection.text(), "task": state.kind})
            except (LLMOutputError, BackendError) as exc:
                run.fallbacks.append(f"reflector reply unusable ({str(exc)[:120]}); no reflection stored")
        return LearnOutcome(
            strategy,
            trajectory,
            correct,
            score,
            value,
            adv,
            reflection,
            agents.calls,
            run.notes + trajectory.notes + run.fallbacks + trajectory.fallbacks,
            run.planner_messages,
        )
