"""The page in a real browser: Debian's headless Chromium driven by Playwright against `veracity serve` on localhost.

Skipped, with the command to install them, when Chromium or Playwright is missing (README: "Browser tests").
The README's screenshot (docs/img/service-page.png) is taken here, from the live page of a service with its default
settings, on every run: it cannot go stale (commit it when it changes)."""

import json
import shutil
import time

import pytest

from conftest import FIXTURES, ROOT, free_port, start_service

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None:
    pytest.skip(
        "no Chromium: `apt-get install chromium` and `pip install playwright` to run the browser tests",
        allow_module_level=True,
    )
pytest.importorskip("playwright.sync_api", reason="no Playwright: `pip install playwright` (it uses Debian's Chromium)")
pytest.importorskip("fastapi", reason="the service extra is not installed: pip install 'veracity[serve]'")

from playwright.sync_api import expect, sync_playwright  # noqa: E402

# The flags a root, offline machine needs (no sandbox, no background connections to Google's hosts).
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    port = free_port()
    process = start_service(tmp_path_factory.mktemp("service"), port)
    yield f"http://127.0.0.1:{port}"
    process.terminate()
    process.wait(30)


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        yield chromium
        chromium.close()


def test_the_kyoto_tokyo_example_highlights_tokyo_and_shows_its_evidence(service, browser):
    page = browser.new_page(viewport={"width": 1100, "height": 1400})
    page.goto(service + "/")
    expect(page.locator("#detector option")).not_to_have_count(0)
    page.get_by_role("textbox", name="Question (optional)").fill("Which city was the capital of Japan until 1868?")
    page.get_by_role("textbox", name="Answer", exact=True).fill("Tokyo was the capital of Japan until 1868.")
    page.locator("#context").fill("Kyoto was the capital of Japan for over a thousand years, until 1868.")
    page.get_by_role("button", name="Check").click()
    mark = page.locator("#answer-view mark.bad")
    expect(mark).to_have_count(1)
    expect(mark).to_have_text("Tokyo")
    page.keyboard.press("Tab")  # keyboard use: focus moves from the form; the span is reachable with Tab
    mark.focus()
    detail = page.locator("#detail")
    expect(detail).to_contain_text("Kyoto was the capital of Japan")
    expect(detail).to_contain_text("pasted-1, characters")
    expect(detail).to_contain_text("threshold")
    expect(page.locator("#verdict")).to_have_text("hallucinated")
    page.close()


CURIE_SOURCE = "Marie Curie was born in Warsaw in 1867. She won the Nobel Prize in 1903."
CURIE_ANSWER = "Marie Curie was born in Paris in 1867. She won the Nobel Prize in 1903."


def check_curie(page) -> list[str]:
    """Check the Curie answer on the page; the detect endpoints it called, in order."""
    called: list[str] = []
    # Exactly the two check endpoints: the page's own load asks /v1/detectors, and on a slow machine that request
    # can still be on its way when the listener is attached.
    endpoints = {"v1/detect", "v1/detect/stream"}
    page.on("request", lambda r: called.append(path) if (path := r.url.split("/", 3)[3]) in endpoints else None)
    expect(page.locator("#detector option")).not_to_have_count(0)
    page.get_by_role("textbox", name="Answer", exact=True).fill(CURIE_ANSWER)
    page.locator("#context").fill(CURIE_SOURCE)
    page.get_by_role("button", name="Check").click()
    expect(page.locator("#verdict")).to_have_text("hallucinated")
    expect(page.locator("#answer-view mark.bad")).to_have_text("Paris")
    return called


def test_the_page_streams_each_sentence_green_or_red_then_renders_the_report(service, browser):
    page = browser.new_page()
    page.goto(service + "/")
    # What happens in which order: each sentence's item is added before the report's view is shown.
    page.evaluate(
        """() => {
        window.seen = [];
        new MutationObserver((changes) => { for (const c of changes) for (const n of c.addedNodes)
          window.seen.push("sentence " + n.className); })
          .observe(document.getElementById("sentences"), { childList: true });
        new MutationObserver(() => { if (!document.getElementById("result").hidden) window.seen.push("report"); })
          .observe(document.getElementById("result"), { attributes: true, attributeFilter: ["hidden"] });
      }"""
    )
    assert check_curie(page) == ["v1/detect/stream"]
    sentences = page.locator("#sentences li")
    expect(sentences).to_have_count(2)
    paris, nobel = sentences.nth(0), sentences.nth(1)
    expect(paris).to_have_class("sentence unsupported")
    expect(paris).to_contain_text("not supported: Marie Curie was born in Paris in 1867.")
    expect(paris.locator("mark.flag")).to_have_text("Paris")
    expect(paris).to_contain_text("higher is worse")
    expect(nobel).to_have_class("sentence supported")
    expect(nobel).to_contain_text("supported: She won the Nobel Prize in 1903.")
    assert page.evaluate("window.seen") == ["sentence sentence unsupported", "sentence sentence supported", "report"]
    colours = sentences.evaluate_all("items => items.map(i => getComputedStyle(i).borderLeftColor)")
    assert colours == ["rgb(138, 28, 28)", "rgb(11, 107, 46)"]  # red, then green
    page.locator("#answer-view mark.bad").focus()
    expect(page.locator("#detail")).to_contain_text("Marie Curie was born in Warsaw in 1867.")
    expect(page.locator("#status")).to_have_text("Done: hallucinated (grounding).")
    page.close()


def test_without_the_stream_the_page_falls_back_to_the_plain_check(service, browser):
    """An older service (no /v1/detect/stream), or a stream cut before its report: the page asks /v1/detect."""
    page = browser.new_page()
    page.route("**/v1/detect/stream", lambda route: route.fulfill(status=404, body="Not Found"))
    page.goto(service + "/")
    assert check_curie(page) == ["v1/detect/stream", "v1/detect"]
    expect(page.locator("#reading")).to_be_hidden()
    # A stream that ends after one reading, without its report (a proxy cut it): the plain call gives the report.
    reading = {"sentence": {"index": 0, "span": {"start": 0, "end": 5, "text": "Marie"}}, "score": 0.9}
    cut = "event: sentence\ndata: " + json.dumps({**reading, "hallucinated": True, "scored": "sentence"}) + "\n\n"
    page.unroute("**/v1/detect/stream")
    page.route("**/v1/detect/stream", lambda route: route.fulfill(content_type="text/event-stream", body=cut))
    with page.expect_response(lambda response: response.url.endswith("/v1/detect")):
        page.get_by_role("button", name="Check").click()
    expect(page.locator("#status")).to_have_text("Done: hallucinated (grounding).")
    expect(page.locator("#reading")).to_be_hidden()
    expect(page.locator("#answer-view mark.bad")).to_have_text("Paris")
    page.close()


SCREENSHOT = ROOT / "docs" / "img" / "service-page.png"


def test_the_default_service_page_marks_a_swap_and_is_the_readme_screenshot(browser, tmp_path, embedder):
    """The shipped default (auto) on the page, with an index the page offers; its picture is the README's."""
    from veracity.schema import Document
    from veracity.stages.retrieve.knowledge import IndexConfig, KnowledgeIndex

    index = tmp_path / "index"
    japan = Document(id="japan", text="Tokyo became the capital of Japan in 1868. Kyoto was the capital before.")
    KnowledgeIndex.create(index, IndexConfig(passage_tokens=16), embedder).add([japan])
    port = free_port()
    process = start_service(tmp_path / "data", port, "--detector", "auto", "--index", f"kb={index}")
    try:
        page = browser.new_page(viewport={"width": 1100, "height": 1250})
        page.goto(f"http://127.0.0.1:{port}/")
        expect(page.locator("#detector option[selected]")).to_have_text("auto (default)")
        page.get_by_role("textbox", name="Answer", exact=True).fill("Paris is the capital of Germany.")
        page.locator("#context").fill("Paris is the capital and largest city of France.")
        page.get_by_role("button", name="Check").click()
        expect(page.locator("#answer-view mark.bad")).to_have_text("Germany", timeout=60_000)
        page.locator("#answer-view mark.bad").focus()
        expect(page.locator("#detail")).to_contain_text("higher is worse")
        expect(page.locator("#claims")).to_contain_text("higher is worse")
        # The timings differ on every run: left out of the picture, so it changes only when the page does.
        hide = "t => { t.hidden = true; t.previousElementSibling.hidden = true; }"
        page.locator("#timings").evaluate(hide)
        page.locator("#result").screenshot(path=str(SCREENSHOT))
        page.locator("#timings").evaluate("t => { t.hidden = false; t.previousElementSibling.hidden = false; }")
        # The service's index, chosen on the page: no context needed; a claim it says nothing about is not a pass.
        expect(page.locator("#index-row")).to_be_visible()
        page.locator("#index").select_option("kb")
        page.locator("#context").fill("")
        page.get_by_role("textbox", name="Answer", exact=True).fill("The Great Wall of China is visible from space.")
        page.get_by_role("button", name="Check").click()
        expect(page.locator("#claims")).to_contain_text("not enough evidence", timeout=60_000)
        expect(page.locator("#verdict")).to_have_text("hallucinated")
        page.close()
    finally:
        process.terminate()
        process.wait(30)


AXE = FIXTURES / "vendor" / "axe-core" / "axe.min.js"


def test_the_page_passes_axe_accessibility_checks_before_and_after_a_check(service, browser):
    page = browser.new_page()
    page.goto(service + "/")
    expect(page.locator("#detector option")).not_to_have_count(0)

    def violations() -> list[dict]:
        page.add_script_tag(path=str(AXE))
        found = page.evaluate(
            "async () => (await axe.run(document, {runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}))"
            ".violations.map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(' '))}))"
        )
        return list(found)

    assert violations() == []
    page.locator("#answer").fill("Tokyo was the capital of Japan until 1868.")
    page.locator("#context").fill("Kyoto was the capital of Japan for over a thousand years, until 1868.")
    page.get_by_role("button", name="Check").click()
    page.locator("#answer-view mark.bad").focus()
    expect(page.locator("#detail")).to_contain_text("Kyoto")
    assert violations() == []
    page.close()


def minimal_pdf(text: str) -> bytes:
    """A one-page PDF showing ``text`` in Helvetica, with a correct cross-reference table."""
    stream = f"BT /F1 12 Tf 72 720 Td ({text}) Tj ET".encode()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def test_a_pdf_uploaded_on_the_page_is_read_in_the_browser_and_checked(service, browser, tmp_path):
    pdf = tmp_path / "japan.pdf"
    pdf.write_bytes(minimal_pdf("Kyoto was the capital of Japan for over a thousand years, until 1868."))
    page = browser.new_page()
    page.goto(service + "/")
    page.get_by_role("textbox", name="Answer", exact=True).fill("Tokyo was the capital of Japan until 1868.")
    page.locator("#files").set_input_files(str(pdf))
    page.get_by_role("button", name="Check").click()
    expect(page.locator("#answer-view mark.bad")).to_have_text("Tokyo")
    page.locator("#answer-view mark.bad").click()
    expect(page.locator("#detail")).to_contain_text("japan.pdf, characters")
    page.close()


def test_a_job_uploaded_on_the_page_finishes_and_offers_its_results(service, browser, tmp_path):
    records = tmp_path / "records.jsonl"
    record = {"answer": "Tokyo was the capital of Japan until 1868.", "context": ["Kyoto was the capital until 1868."]}
    records.write_text("".join(json.dumps({"id": f"r{i}", **record}) + "\n" for i in range(5)))
    page = browser.new_page()
    page.goto(service + "/")
    page.locator("#job-file").set_input_files(str(records))
    page.get_by_role("button", name="Start job").click()
    expect(page.locator("#job-state")).to_contain_text("done — 5 of 5 records", timeout=60_000)
    expect(page.locator("#job-download")).to_be_visible()
    assert page.locator("#job-progress").get_attribute("value") in ("1", "1.0")
    started = time.monotonic()
    with page.expect_download() as download:
        page.locator("#job-download").click()
    rows = [json.loads(line) for line in download.value.path().read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in rows] == [f"r{i}" for i in range(5)] and time.monotonic() - started < 30
    page.close()
