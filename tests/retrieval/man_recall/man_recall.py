#!/usr/bin/env python3
"""Retrieval quality of the document library on a corpus nobody here wrote: this machine's manual
pages rendered to PDF by groff (`man -Tpdf`, Debian package groff), indexed by `smoldesk-cli docs
index`, and the questions of questions.tsv (a page name, a question in a user's words, and a phrase
copied verbatim from the manual that holds the answer). The answer's page is where that phrase is
found in the indexed text of that PDF (whitespace folded); a question counts as found at k when a
hit among the first k is on that file and page. Prints recall@1, @5, @10, the mean reciprocal rank
and the indexing speed (pages per second). Not a test: a measurement (README, "Documents").

  tests/retrieval/man_recall/man_recall.py [--cli build/bin/smoldesk-cli] [--work /tmp/man-recall]
      [-m EMBED.gguf] [--top 5] [--misses]

Without -m the library is indexed and searched with keywords alone (BM25); with -m, hybrid.
"""
import argparse, json, os, re, sqlite3, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))


def fold(text):
    # groff sets ' as ’ and - as a hyphen or minus sign: the phrases are copied as plain text
    for fancy, plain in (("\u2019", "'"), ("\u2018", "'"), ("\u201c", '"'), ("\u201d", '"'), ("\u2010", "-"),
                         ("\u2212", "-"), ("\u2013", "-"), ("\u00ad", "")):
        text = text.replace(fancy, plain)
    return re.sub(r"\s+", " ", text).strip().lower()


def render(pages, out):
    os.makedirs(out, exist_ok=True)
    for name in pages:
        pdf = os.path.join(out, name + ".pdf")
        if os.path.exists(pdf):
            continue
        with open(pdf, "wb") as f:
            if subprocess.run(["man", "-Tpdf", name], stdout=f, stderr=subprocess.DEVNULL).returncode != 0:
                sys.exit(f"man -Tpdf {name} failed (is groff installed?)")


def answer_pages(db, pdf, phrase):
    """The pages of `pdf` whose indexed text holds `phrase`."""
    by_page = {}
    for page, text in db.execute(
            "SELECT c.page, c.text FROM chunks c JOIN files f ON f.id = c.file_id WHERE f.path = ? ORDER BY c.ordinal",
            (pdf,)):
        by_page.setdefault(page, []).append(text)
    want = fold(phrase)
    return {p for p, texts in by_page.items() if want in fold(" ".join(texts))}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", default="build/bin/smoldesk-cli")
    ap.add_argument("--work", default="/tmp/man-recall")
    ap.add_argument("-m", "--model")
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--misses", action="store_true", help="print the questions not found in the top 5")
    a = ap.parse_args()
    questions = [l.rstrip("\n").split("\t") for l in open(os.path.join(HERE, "questions.tsv"), encoding="utf-8")
                 if l.strip() and not l.startswith("#")]
    pdfs = os.path.join(a.work, "pdf")
    render(sorted({q[0] for q in questions}), pdfs)
    db_path = os.path.join(a.work, "library.sqlite")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db_path + suffix):
            os.remove(db_path + suffix)
    mode = ["-m", a.model] if a.model else ["--keyword-only"]
    start = time.monotonic()
    subprocess.run([a.cli, "docs", "index", "--db", db_path, *mode, "--quiet", pdfs], check=True)
    seconds = time.monotonic() - start
    db = sqlite3.connect(db_path)
    pages = sum(n for (n,) in db.execute(
        "SELECT MAX(page) FROM chunks GROUP BY file_id"))
    files = db.execute("SELECT COUNT(*) FROM files WHERE state = 'indexed'").fetchone()[0]
    chunks = db.execute("SELECT COUNT(*) FROM chunks").fetchone()[0]
    ranks, misses = [], []
    for name, question, phrase in questions:
        pdf = os.path.realpath(os.path.join(pdfs, name + ".pdf"))
        want = answer_pages(db, pdf, phrase)
        if not want:
            sys.exit(f"the phrase of '{question}' is not in the indexed text of {name}.pdf: {phrase}")
        out = subprocess.run([a.cli, "docs", "search", "--db", db_path, *mode, "--top", str(a.top), "--json",
                              question], check=True, capture_output=True, text=True).stdout
        hits = json.loads(out)
        rank = next((i + 1 for i, h in enumerate(hits)
                     if os.path.realpath(h["file"]) == pdf and h["page"] in want), 0)
        ranks.append(rank)
        if a.misses and not 0 < rank <= 5:
            top = ", ".join(f"{os.path.basename(h['file'])}:p{h['page']}" for h in hits[:5])
            misses.append(f"  {name} p{sorted(want)} '{question}' -> {top}")
    n = len(ranks)
    at = lambda k: sum(1 for r in ranks if 0 < r <= k) / n
    mrr = sum(1 / r for r in ranks if r) / n
    print(f"{files} PDFs, {pages} pages, {chunks} chunks indexed in {seconds:.1f} s ({pages / seconds:.1f} pages/s, "
          f"{'model ' + os.path.basename(a.model) if a.model else 'keyword only'})")
    print(f"{n} questions: recall@1 {at(1):.2f}, recall@5 {at(5):.2f}, recall@10 {at(10):.2f}, MRR {mrr:.3f}")
    if misses:
        print("not in the top 5:\n" + "\n".join(misses))


if __name__ == "__main__":
    main()
