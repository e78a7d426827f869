#!/usr/bin/env python3
"""Validates manifests against resources/manifests/manifest.schema.json (JSON Schema 2020-12).

Usage: check_manifest_schema.py SCHEMA MANIFEST...
"""
import json
import sys

import jsonschema


def main() -> int:
    schema = json.load(open(sys.argv[1]))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    failed = False
    for path in sys.argv[2:]:
        errors = sorted(validator.iter_errors(json.load(open(path))), key=lambda e: e.path)
        for error in errors:
            location = "/".join(str(part) for part in error.absolute_path)
            print(f"{path}: {location}: {error.message}")
        failed |= bool(errors)
        if not errors:
            print(f"{path}: valid")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
