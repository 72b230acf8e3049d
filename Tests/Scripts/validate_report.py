#!/usr/bin/env python3
"""Validates a liveassets report against an official schema.

    validate_report.py sarif SCHEMA.json REPORT   (JSON Schema draft-04, with jsonschema)
    validate_report.py junit SCHEMA.xsd  REPORT   (XML Schema, with xmlschema)

Exit 0 when valid; 1 with the validator's reasons otherwise; 2 when the validator is not installed.
"""
import json
import sys


def main():
    kind, schema_path, report_path = sys.argv[1:4]
    try:
        if kind == "sarif":
            import jsonschema
            with open(schema_path) as f:
                schema = json.load(f)
            with open(report_path) as f:
                report = json.load(f)
            validator = jsonschema.Draft4Validator(schema)
            errors = sorted(validator.iter_errors(report), key=lambda e: list(e.path))
            for error in errors:
                print(f"{'/'.join(map(str, error.path))}: {error.message}")
            return 1 if errors else 0
        if kind == "junit":
            import xmlschema
            schema = xmlschema.XMLSchema(schema_path)
            errors = list(schema.iter_errors(report_path))
            for error in errors:
                print(f"{error.path}: {error.reason}")
            return 1 if errors else 0
    except ImportError as error:
        print(f"validator missing: {error}")
        return 2
    print(f"unknown report kind {kind}")
    return 2


if __name__ == "__main__":
    sys.exit(main())
