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

function renderReport(report) {
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
}

// One sentence's reading from the stream (a SentenceReading), shown at once: colour, an icon and words say its verdict.
function renderReading(reading) {
  const item = document.createElement("li");
  const bad = reading.hallucinated;
  item.className = "sentence " + (bad ? "unsupported" : "supported");
  item.dataset.index = reading.sentence.index;
  const icon = document.createElement("span");
  icon.className = "icon";
  icon.setAttribute("aria-hidden", "true");
  icon.textContent = bad ? "✗" : "✓";
  const label = document.createElement("strong");
  label.className = "label";
  label.textContent = bad ? "not supported" : "supported";
  // The sentence, its flagged words marked (their spans are in the answer; the sentence's span says where it starts).
  const span = reading.sentence.span;
  const text = document.createElement("span");
  text.className = "text";
  let at = span.start;
  for (const flag of [...(reading.error_spans || [])].sort((a, b) => a.start - b.start)) {
    if (flag.start < at || flag.end > span.end) continue;
    text.append(document.createTextNode(span.text.slice(at - span.start, flag.start - span.start)));
    text.append(Object.assign(document.createElement("mark"), { className: "flag", textContent: flag.text }));
    at = flag.end;
  }
  text.append(document.createTextNode(span.text.slice(at - span.start)));
  const score = document.createElement("span");
  score.className = "hint";
  score.textContent = (reading.score == null ? "not checked" : "score " + reading.score.toFixed(3) + " (higher is worse)") +
    (reading.scored === "answer" ? ", of the answer so far" : "") + (reading.partial ? ", unfinished sentence" : "");
  item.append(icon, " ", label, ": ", text, " ", score);
  $("sentences").append(item);
  const count = $("sentences").children.length;
  setStatus("Checking… " + count + (count === 1 ? " sentence" : " sentences") + " read.", false);
}

// The server-sent events of a response body, as {event, data} objects, each as soon as its frame is complete.
async function* serverEvents(response) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const frame = (block) => {
    let event = "message";
    const data = [];
    for (const line of block.split("\n")) {
      if (!line || line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? "" : line.slice(colon + 1);
      if (value.startsWith(" ")) value = value.slice(1);
      if (field === "event") event = value;
      else if (field === "data") data.push(value);
    }
    return data.length ? { event: event, data: data.join("\n") } : null;
  };
  for (;;) {
    const { value, done } = await reader.read();
    buffer += decoder.decode(value || new Uint8Array(), { stream: !done });
    buffer = buffer.replace(/\r\n?/g, "\n");
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const parsed = frame(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (parsed) yield parsed;
    }
    if (done) break;
  }
  const last = buffer.trim() ? frame(buffer) : null;
  if (last) yield last;
}

// Thrown when the stream cannot be used here (no endpoint, no readable body, cut short): the plain call is made.
class StreamUnavailable extends Error {}

// The check as a stream: each sentence shown as it is read, then the full report. False if the stream gave no report.
async function detectStreaming(body) {
  let response;
  try {
    response = await fetch("/v1/detect/stream", { method: "POST", headers: headers(true), body: JSON.stringify(body) });
  } catch (e) {
    throw new StreamUnavailable(e.message);
  }
  if ([404, 405, 501].includes(response.status)) throw new StreamUnavailable("no stream endpoint");
  if (!response.ok) throw new Error(await problemText(response));
  const type = response.headers.get("Content-Type") || "";
  if (!type.startsWith("text/event-stream") || !response.body || typeof TextDecoder === "undefined") {
    throw new StreamUnavailable("not an event stream");
  }
  $("sentences").replaceChildren();
  $("reading").hidden = false;
  try {
    for await (const { event, data } of serverEvents(response)) {
      if (event === "sentence") {
        renderReading(JSON.parse(data));
      } else if (event === "report") {
        renderReport(JSON.parse(data));
        return;
      } else if (event === "error") {
        const problem = JSON.parse(data);
        throw new Error(problem.code + " (" + problem.status + "): " + problem.detail);
      }
    }
  } catch (e) {
    if (e instanceof SyntaxError || e instanceof TypeError) throw new StreamUnavailable(e.message);
    throw e;
  }
  throw new StreamUnavailable("the stream ended without a report");
}

async function detectPlain(body) {
  const response = await fetch("/v1/detect", { method: "POST", headers: headers(true), body: JSON.stringify(body) });
  if (!response.ok) throw new Error(await problemText(response));
  renderReport(await response.json());
}

async function onDetect(event) {
  event.preventDefault();
  const key = $("api-key").value.trim();
  if (key) sessionStorage.setItem("veracity-key", key); else sessionStorage.removeItem("veracity-key");
  $("submit").disabled = true;
  try {
    const context = [...contextDocuments($("context").value), ...(await readFiles($("files")))];
    const body = { answer: $("answer").value, context: context, detector: $("detector").value || null };
    if ($("index").value) {
      body.index = $("index").value;
      if (body.detector && body.detector !== "oasis") body.detector = "oasis";  // an index is read by oasis
    }
    if ($("question").value.trim()) body.question = $("question").value;
    setStatus("Checking…", false);
    $("result").hidden = true;
    $("reading").hidden = true;
    try {
      await detectStreaming(body);
    } catch (e) {
      if (!(e instanceof StreamUnavailable)) throw e;
      // An older service, or a proxy that cuts the stream: the plain call gives the same report at once.
      $("reading").hidden = true;
      setStatus("Checking… (without the sentence stream: " + e.message + ")", false);
      await detectPlain(body);
    }
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
