#!/usr/bin/env python3
"""Validates generated outputs with python3-jsonschema, an implementation independent of ours.

Input (argv[1]): JSON lines {"schema": <schema>, "output": <generated text>, "where": <label>}.
Prints one line per invalid output and a summary; exit status 0 only when every output parses
as JSON and validates (draft 2020-12, formats checked).
"""
import json
import sys

import jsonschema


def main() -> int:
    bad = 0
    total = 0
    with open(sys.argv[1], encoding="utf-8") as f:
        for line in f:
            item = json.loads(line)
            total += 1
            try:
                value = json.loads(item["output"])
            except json.JSONDecodeError as e:
                print(f"NOT JSON {item['where']}: {e}: {item['output']!r}")
                bad += 1
                continue
            validator = jsonschema.Draft202012Validator(item["schema"], format_checker=jsonschema.FormatChecker())
            errors = list(validator.iter_errors(value))
            if errors:
                print(f"INVALID {item['where']}: {errors[0].message}: {item['output']!r}")
                bad += 1
    print(f"validated {total} outputs, {bad} invalid")
    return 1 if bad or total == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
