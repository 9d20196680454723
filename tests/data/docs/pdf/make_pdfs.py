#!/usr/bin/env python3
"""Writes the tiny PDFs of the PDF tests, by hand (objects, a content stream per page, the xref
table): what each page says is known here, independently of any PDF library. Run it in this
folder; the texts it writes are the tests' expectations (PAGES below, mirrored in
tests/retrieval/test_pdf_text.cpp).

- manual.pdf: three pages, the second with no text (as a scanned page has none), WinAnsi text
  with an umlaut on page 3.
- scanned.pdf: one page without text.
- truncated.pdf: manual.pdf cut after 600 bytes.
"""

PAGES = [
    ["Tomato seedlings need light.", "Water them gently every morning."],
    [],
    ["Pruning roses in March.", "\u00c4pfel are picked in October."],
]


def escape(line):
    return line.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def pdf(pages):
    n = len(pages)
    kids = " ".join(f"{4 + 2 * i} 0 R" for i in range(n))
    objs = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        f"<< /Type /Pages /Kids [{kids}] /Count {n} >>",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    ]
    for i, lines in enumerate(pages):
        ops = ["BT /F1 12 Tf 72 720 Td 14 TL"] + [f"({escape(l)}) Tj T*" for l in lines] + ["ET"]
        stream = "\n".join(ops) if lines else ""
        objs.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
                    f"/Resources << /Font << /F1 3 0 R >> >> /Contents {5 + 2 * i} 0 R >>")
        objs.append(f"<< /Length {len(stream.encode('cp1252'))} >>\nstream\n{stream}\nendstream")
    out = b"%PDF-1.4\n"
    offsets = []
    for k, o in enumerate(objs):
        offsets.append(len(out))
        out += f"{k + 1} 0 obj\n{o}\nendobj\n".encode("cp1252")
    xref = len(out)
    out += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode()
    for o in offsets:
        out += f"{o:010d} 00000 n \n".encode()
    out += f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return out


if __name__ == "__main__":
    manual = pdf(PAGES)
    open("manual.pdf", "wb").write(manual)
    open("scanned.pdf", "wb").write(pdf([[]]))
    open("truncated.pdf", "wb").write(manual[:600])
