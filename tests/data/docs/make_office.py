#!/usr/bin/env python3
"""Writes office/report.docx and office/notes.odt: the smallest DOCX and ODT that word processors' XML looks like,
zipped by Python's zipfile (an independent ZIP writer: deflated and stored entries), for test_office_text.

    python3 tests/data/docs/make_office.py
"""
import os
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
FIXED = (2026, 11, 28, 0, 0, 0)  # fixed timestamps: the files are byte-for-byte reproducible

DOCX = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>
<w:p><w:pPr><w:pStyle w:val="Title"/></w:pPr><w:r><w:t>Quarterly Report</w:t></w:r></w:p>
<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>Sales</w:t></w:r></w:p>
<w:p><w:r><w:t xml:space="preserve">Sales grew by 12 % in </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>Berlin &amp; Paris</w:t></w:r><w:r><w:t>.</w:t></w:r></w:p>
<w:p/>
<w:p><w:pPr><w:pStyle w:val="Heading2"/></w:pPr><w:r><w:t>Details</w:t></w:r></w:p>
<w:p><w:r><w:t>Region</w:t><w:tab/><w:t>North</w:t><w:br/><w:t>Caf&#233; sales doubled.</w:t></w:r></w:p>
<w:p><w:r><w:instrText>PAGE</w:instrText></w:r></w:p>
</w:body></w:document>
"""

ODT = """<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
 xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:text>
<text:h text:outline-level="1">R&#233;sum&#233;</text:h>
<text:p text:style-name="P1">Ein Absatz <text:span text:style-name="T1">&#252;ber</text:span> &#196;pfel.<text:s text:c="3"/>Ende.</text:p>
<text:h text:outline-level="2">Zweiter Teil</text:h>
<text:p>Zeile eins<text:line-break/>Zeile zwei</text:p>
</office:text></office:body></office:document-content>
"""


def write(path, entries):
    with zipfile.ZipFile(path, "w") as z:
        for name, text, method in entries:
            info = zipfile.ZipInfo(name, FIXED)
            info.compress_type = method
            z.writestr(info, text)


os.makedirs(os.path.join(HERE, "office"), exist_ok=True)
write(os.path.join(HERE, "office/report.docx"),
      [("[Content_Types].xml", "<Types/>", zipfile.ZIP_DEFLATED), ("word/document.xml", DOCX, zipfile.ZIP_DEFLATED)])
write(os.path.join(HERE, "office/notes.odt"),
      [("mimetype", "application/vnd.oasis.opendocument.text", zipfile.ZIP_STORED),
       ("content.xml", ODT, zipfile.ZIP_STORED)])
