// veracity's page: plain JavaScript, no build step. It calls the same API any client does.
"use strict";

const $ = (id) => document.getElementById(id);
let lastReport = null;

// Claim labels in words (the API keeps LiteHall's names); every score shown reads "higher is worse".
const LABEL_WORDS = {
  supported: "supported",
  not_supported: "not supported",
  unverifiable: "not enough evidence",
  irrelevant: "irrelevant",
};
const labelWords = (label) => LABEL_WORDS[label] || label;

function headers(json) {
  const h = json ? { "Content-Type": "application/json" } : {};
  const key = sessionStorage.getItem("veracity-key");
  if (key) h["Authorization"] = "Bearer " + key;
  return h;
}

async function problemText(response) {
  try {
    const body = await response.json();
    return (body.title || response.statusText) + ": " + (body.detail || "") + (body.field ? " (field " + body.field + ")" : "");
  } catch (e) {
    return response.status + " " + response.statusText;
  }
}

function setStatus(text, isError) {
  $("status").textContent = text;
  $("status").classList.toggle("error", Boolean(isError));
}

async function loadDetectors() {
  try {
    const response = await fetch("/v1/detectors", { headers: headers(false) });
    if (!response.ok) throw new Error(await problemText(response));
    const body = await response.json();
    const select = $("detector");
    select.replaceChildren();
    for (const d of body.detectors) {
      const option = new Option(d.name + (d.default ? " (default)" : ""), d.name, d.default, d.default);
      select.add(option);
    }
  } catch (e) {
    setStatus("Cannot list detectors: " + e.message, true);
  }
}

// The service's knowledge indexes: checking against one needs no pasted context.
async function loadIndexes() {
  try {
    const response = await fetch("/v1/indexes", { headers: headers(false) });
    if (!response.ok) return;
    const body = await response.json();
    const select = $("index");
    select.replaceChildren(new Option("none: check against the context above", ""));
    for (const index of body.indexes) {
      const count = index.documents != null ? " (" + index.documents + " documents)" : "";
      select.add(new Option(index.name + count, index.name));
    }
    $("index-row").hidden = body.indexes.length === 0;
  } catch (e) {
    $("index-row").hidden = true;
  }
}

let pdfjs = null;

// The text of a PDF, read in the browser with the vendored pdf.js (the service never parses a PDF).
async function pdfText(file) {
  if (!pdfjs) {
    pdfjs = await import("/static/vendor/pdfjs/pdf.min.mjs");
    pdfjs.GlobalWorkerOptions.workerSrc = "/static/vendor/pdfjs/pdf.worker.min.mjs";
  }
  const task = pdfjs.getDocument({ data: await file.arrayBuffer(), isEvalSupported: false, disableFontFace: true });
  const doc = await task.promise;
  const pages = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => item.str + (item.hasEOL ? "\n" : " ")).join("").trim());
  }
  await task.destroy();
  return pages.join("\n\n");
}

async function readFiles(input) {
  const docs = [];
  for (const file of input.files) {
    const isPdf = file.type === "application/pdf" || file.name.toLowerCase().endsWith(".pdf");
    docs.push({ id: file.name, text: isPdf ? await pdfText(file) : await file.text() });
  }
  return docs;
}

function contextDocuments(text) {
  return text.split(/^---$/m).map((t) => t.trim()).filter((t) => t.length > 0)
    .map((t, i) => ({ id: "pasted-" + (i + 1), text: t }));
}

function overlaps(a, b) { return a.start < b.end && b.start < a.end; }

// Everything the report says about one highlighted span of the answer.
function explain(report, span) {
  const parts = { claims: [], sentences: [] };
  for (const c of report.claims || []) {
    const spans = c.answer_error_spans || [];
    if (spans.some((s) => overlaps(s, span)) || (c.claim.span && overlaps(c.claim.span, span))) parts.claims.push(c);
  }
  for (const s of report.sentences || []) {
    if (overlaps(s.sentence.span, span)) parts.sentences.push(s);
  }
  return parts;
}

function evidenceList(evidence) {
  const list = document.createElement("ul");
  for (const e of evidence || []) {
    const item = document.createElement("li");
    item.className = "evidence";
    item.append(document.createTextNode("“" + e.text + "” "));
    const cite = document.createElement("cite");
    cite.textContent = e.document_id + ", characters " + e.span.start + "–" + e.span.end + (e.role ? " (" + e.role + ")" : "");
    item.append(cite);
    list.append(item);
  }
  if (!list.children.length) {
    const item = document.createElement("li");
    item.textContent = "No evidence sentence was retrieved.";
    list.append(item);
  }
  return list;
}

function showDetail(report, span, mark) {
  document.querySelectorAll("mark.bad.active").forEach((m) => m.classList.remove("active"));
  mark.classList.add("active");
  const detail = $("detail");
  detail.replaceChildren();
  const title = document.createElement("p");
  title.innerHTML = "";
  title.append(document.createTextNode("“" + span.text + "” (characters " + span.start + "–" + span.end + ")"));
  title.style.fontWeight = "600";
  detail.append(title);
  const parts = explain(report, span);
  for (const c of parts.claims) {
    const p = document.createElement("p");
    p.textContent = "Claim: “" + c.claim.text + "” — " + labelWords(c.label) + ", score " +
      (1 - c.p_supported).toFixed(3) + " (higher is worse)";
    detail.append(p, evidenceList(c.evidence));
  }
  for (const s of parts.sentences) {
    const p = document.createElement("p");
    p.textContent = "Sentence " + s.sentence.index + ": score " + s.score.toFixed(3) + " (threshold " +
      report.threshold.toFixed(3) + ") — " + (s.hallucinated ? "not supported" : "supported");
    detail.append(p);
    if (!parts.claims.length) detail.append(evidenceList(s.evidence));
  }
  const summary = document.createElement("p");
  summary.className = "hint";
  summary.textContent = "Answer score " + report.score.toFixed(3) + " (higher is worse), threshold " +
    report.threshold.toFixed(3) + ".";
  detail.append(summary);
}

function renderAnswer(report) {
  const view = $("answer-view");
  view.replaceChildren();
  const spans = [...(report.hallucinated_spans || [])].sort((a, b) => a.start - b.start);
  let at = 0;
  for (const span of spans) {
    if (span.start < at) continue;
    view.append(document.createTextNode(report.answer.slice(at, span.start)));
    const mark = document.createElement("mark");
    mark.className = "bad";
    mark.tabIndex = 0;
    mark.setAttribute("role", "button");
    mark.setAttribute("aria-describedby", "detail");
    mark.setAttribute("aria-label", "Unsupported: " + span.text + ". Show why.");
    mark.textContent = report.answer.slice(span.start, span.end);
    const show = () => showDetail(report, span, mark);
    mark.addEventListener("mouseenter", show);
    mark.addEventListener("click", show);
    mark.addEventListener("focus", show);
    mark.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); show(); } });
    view.append(mark);
    at = span.end;
  }
  view.append(document.createTextNode(report.answer.slice(at)));
}

function renderTables(report) {
  const body = $("claims").tBodies[0];
  body.replaceChildren();
  const rows = (report.claims || []).length
    ? report.claims.map((c) => [c.claim.text, labelWords(c.label), (1 - c.p_supported).toFixed(3)])
    : (report.sentences || []).map((s) => [s.sentence.span.text, s.hallucinated ? "not supported" : "supported", s.score.toFixed(3)]);
  for (const cells of rows) {
    const tr = body.insertRow();
    for (const value of cells) tr.insertCell().textContent = value;
  }
  const timings = $("timings").tBodies[0];
  timings.replaceChildren();
  for (const [stage, ms] of Object.entries(report.timings_ms || {})) {
    const tr = timings.insertRow();
    tr.insertCell().textContent = stage;
    tr.insertCell().textContent = ms.toFixed(1);
  }
}

async function onDetect(event) {
  event.preventDefault();
  const key = $("api-key").value.trim();
  if (key) sessionStorage.setItem("veracity-key", key); else sessionStorage.removeItem("veracity-key");
  const context = [...contextDocuments($("context").value), ...(await readFiles($("files")))];
  const body = { answer: $("answer").value, context: context, detector: $("detector").value || null };
  if ($("index").value) {
    body.index = $("index").value;
    if (body.detector && body.detector !== "oasis") body.detector = "oasis";  // an index is read by oasis
  }
  if ($("question").value.trim()) body.question = $("question").value;
  setStatus("Checking…", false);
  $("submit").disabled = true;
  try {
    const response = await fetch("/v1/detect", { method: "POST", headers: headers(true), body: JSON.stringify(body) });
    if (!response.ok) throw new Error(await problemText(response));
    const report = await response.json();
    lastReport = report;
    $("result").hidden = false;
    $("verdict").textContent = report.verdict;
    $("verdict").className = "badge " + report.verdict;
    renderAnswer(report);
    renderTables(report);
    $("detail").replaceChildren(Object.assign(document.createElement("p"), {
      className: "hint",
      textContent: report.hallucinated_spans.length
        ? "Select a highlighted span."
        : report.verdict === "hallucinated"
          ? "The detector marks no words: the table below says which claims or sentences are not supported."
          : "Nothing is highlighted: nothing unsupported was found.",
    }));
    setStatus("Done: " + report.verdict + " (" + report.detector + ").", false);
  } catch (e) {
    setStatus(e.message, true);
  } finally {
    $("submit").disabled = false;
  }
}

async function pollJob(id) {
  const response = await fetch("/v1/jobs/" + id, { headers: headers(false) });
  if (!response.ok) { $("job-state").textContent = await problemText(response); return; }
  const job = await response.json();
  $("job-state").textContent = job.state + " — " + job.done + " of " + job.total + " records" + (job.failed ? ", " + job.failed + " failed" : "");
  $("job-progress").value = job.progress;
  if (job.state === "queued" || job.state === "running") { setTimeout(() => pollJob(id), 1000); return; }
  const results = await fetch("/v1/jobs/" + id + "/results", { headers: headers(false) });
  const link = $("job-download");
  link.href = URL.createObjectURL(await results.blob());
  link.hidden = false;
}

async function onJob(event) {
  event.preventDefault();
  const form = new FormData();
  form.append("file", $("job-file").files[0]);
  if ($("detector").value) form.append("detector", $("detector").value);
  const response = await fetch("/v1/jobs", { method: "POST", headers: headers(false), body: form });
  $("job").hidden = false;
  if (!response.ok) { $("job-state").textContent = await problemText(response); return; }
  const job = await response.json();
  $("job-id").textContent = job.id;
  $("job-download").hidden = true;
  pollJob(job.id);
}

document.addEventListener("DOMContentLoaded", () => {
  const key = sessionStorage.getItem("veracity-key");
  if (key) $("api-key").value = key;
  loadDetectors();
  loadIndexes();
  $("api-key").addEventListener("change", () => {
    const value = $("api-key").value.trim();
    if (value) sessionStorage.setItem("veracity-key", value); else sessionStorage.removeItem("veracity-key");
    loadDetectors();
  });
  $("detect-form").addEventListener("submit", onDetect);
  $("job-form").addEventListener("submit", onJob);
  $("copy-json").addEventListener("click", async () => {
    if (!lastReport) return;
    await navigator.clipboard.writeText(JSON.stringify(lastReport, null, 2));
    setStatus("The report's JSON is on the clipboard.", false);
  });
});
