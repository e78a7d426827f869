#!/usr/bin/env python3
"""Fails when a source file or a page cites something a reader of the repository cannot follow.

Usage: check_citations.py [REPO_ROOT]

Checks every tracked source file (C++, CMake, Python, shell and JavaScript files, and .ci/):

- no citation of a document outside the repository (the project's shared spec, seed and
  design notes, by path or by their section-sign citations);
- every `docs/X.md` or bare `X.md` it names exists, and an `#anchor` after it is defined
  there (an explicit <a id="..."> or a heading's GitHub anchor);
- every rule it names in a comment (a bare `R47`, or the R47 of a test's oracle tag) has its
  <a id="r47"> in docs/retail-behaviour.md;
- no comment cites bare section numbers (`§1.8`) or conflict ids (`C2`) of those outside
  documents; a comment about glTF may cite the glTF specification's sections.

It checks README.md and the pages in docs/ too: no citation of an outside document, every page
they link exists, and every `#anchor` they link (in retail-behaviour.md, another page or their
own) is defined. A bare § is allowed there, since export.md cites the glTF specification.

Files come from `git ls-files` in a git checkout and from a walk of the source folders
otherwise. Exit 0 when clean, 1 with one `path:line: problem` line per finding.
"""

import os
import re
import subprocess
import sys

RULES_DOC = "docs/retail-behaviour.md"
SOURCE_DIRS = ("datreader", "audit", "preview", "export", "ui", "src", "bench", "tests", "docs",
               "resources", ".ci")
C_LIKE = (".cpp", ".h", ".hpp", ".cc", ".c", ".cjs", ".js")
HASH_COMMENTED = (".py", ".sh", ".cmake")
SELF = "tests/docs/check_citations.py"  # it names the patterns it looks for

# Citations of documents that live outside the repository. Split so this file reads plainly.
OUTSIDE = [
    (re.compile(r"\.\./shared/|\bshared/(spec|seeds|notes|design|hooks)/"),
     "cites the shared folder outside the repository"),
    (re.compile(r"\bseeds?\s*(\.txt\s*)?§", re.IGNORECASE), "cites a seed document by section"),
    (re.compile(r"\bSEED\b"), "cites the seed document"),
    (re.compile(r"-pseudocode\b|placement-contract"), "cites a seed document by name"),
    (re.compile(r"\bdat-format\b(\.md)?\s*§|\bdat-format\.md"),
     "cites the outside format spec (use docs/formats.md)"),
    (re.compile(r"\beffects" r"-semantics\b"),
     "cites the outside semantics spec (use docs/retail-behaviour.md)"),
    (re.compile(r"\boracle-(rules|audit)\b"),
     "cites the outside rule list (use docs/retail-behaviour.md#rN)"),
]
MD_REF = re.compile(r"(?<![\w/.-])((?:[\w.-]+/)*[\w.-]+\.md)(#[\w-]+)?")
RULE = re.compile(r"(?<![\w-])R(\d{1,3})(?![\w])")
SECTION = re.compile(r"§")
CONFLICT = re.compile(r"(?<![\w-])C[1-9](?![\w])")
ANCHOR_TAG = re.compile(r"<a\s+(?:id|name)=\"([^\"]+)\"")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")
SAME_PAGE = re.compile(r"\]\(#([\w-]+)\)")


def tracked_files(root):
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z"], check=True,
                             capture_output=True).stdout.decode()
        files = [f for f in out.split("\0") if f]
        if files:
            return files
    except (OSError, subprocess.CalledProcessError):
        pass
    files = []
    for top in SOURCE_DIRS:
        for base, dirs, names in os.walk(os.path.join(root, top)):
            dirs[:] = [d for d in dirs if not d.startswith("build")]
            files += [os.path.relpath(os.path.join(base, n), root) for n in names]
    files += [n for n in ("CMakeLists.txt", "README.md")
              if os.path.exists(os.path.join(root, n))]
    return files


def is_source(path):
    name = os.path.basename(path)
    return (path.startswith(".ci/") or name == "CMakeLists.txt" or name.endswith(C_LIKE)
            or name.endswith(HASH_COMMENTED))


def c_comments(text):
    """(line, text) of every // and /* */ comment, skipping string and character literals."""
    out, i, line, n = [], 0, 1, len(text)
    while i < n:
        ch = text[i]
        if ch == "\n":
            line += 1
            i += 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out.append((line, text[i + 2:end]))
            i = end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end
            for k, part in enumerate(text[i + 2:end].split("\n")):
                out.append((line + k, part))
            line += text.count("\n", i, end)
            i = end + 2
        elif ch == "R" and text.startswith('R"', i) and (i == 0 or not text[i - 1].isalnum()):
            open_paren = text.find("(", i + 2)
            delim = text[i + 2:open_paren]
            end = text.find(")" + delim + '"', open_paren)
            end = n if end < 0 else end + len(delim) + 2
            line += text.count("\n", i, end)
            i = end
        elif ch == '"' or (ch == "'" and (i == 0 or not text[i - 1].isalnum())):
            j = i + 1
            while j < n and text[j] != ch and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            i = j + 1
        else:
            i += 1
    return out


def hash_comments(text):
    """(line, text) after a # that is not inside a quoted string on that line."""
    out = []
    for number, raw in enumerate(text.split("\n"), 1):
        quote = None
        for k, ch in enumerate(raw):
            if quote:
                if ch == quote:
                    quote = None
            elif ch in "\"'":
                quote = ch
            elif ch == "#":
                out.append((number, raw[k + 1:]))
                break
    return out


def slug(heading):
    text = re.sub(r"[`*_\[\]]|\(([^)]*)\)(?=$|\s)", lambda m: m.group(1) or "", heading)
    text = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return text.replace(" ", "-")


def anchors_of(path):
    anchors = set()
    with open(path, encoding="utf-8") as f:
        for raw in f:
            anchors.update(ANCHOR_TAG.findall(raw))
            heading = HEADING.match(raw)
            if heading:
                anchors.add(slug(heading.group(1)))
    return anchors


def resolve_md(root, path, name):
    """The repository path a `name` cited from `path` refers to, or None."""
    candidates = [name, os.path.join("docs", name),
                  os.path.normpath(os.path.join(os.path.dirname(path), name))]
    if name.startswith("../"):
        candidates = [os.path.normpath(os.path.join(os.path.dirname(path), name))]
    for candidate in candidates:
        if os.path.isfile(os.path.join(root, candidate)):
            return candidate
    return None


def anchor_missing(root, target, anchor, anchor_cache):
    """True when `target` defines no `anchor` (an <a id> or a heading's GitHub anchor)."""
    if target not in anchor_cache:
        anchor_cache[target] = anchors_of(os.path.join(root, target))
    return anchor not in anchor_cache[target]


def check_lines(root, path, lines, anchor_cache, problems):
    """Outside-document citations and dead .md links on every line; the lines flagged."""
    flagged = set()  # lines already reported as citing an outside document
    for number, raw in enumerate(lines, 1):
        for pattern, message in OUTSIDE:
            if pattern.search(raw):
                problems.append(f"{path}:{number}: {message}: {raw.strip()}")
                flagged.add(number)
                break
        for match in MD_REF.finditer(raw):
            name, anchor = match.group(1), match.group(2)
            target = resolve_md(root, path, name)
            if target is None:
                problems.append(f"{path}:{number}: cites {name}, which does not exist")
            elif anchor and anchor_missing(root, target, anchor[1:], anchor_cache):
                problems.append(f"{path}:{number}: {target} has no anchor {anchor}")
    return flagged


def check_comments(path, comments, flagged, rule_anchors, problems):
    """Rule ids, bare section signs and conflict ids in a source file's comments."""
    for number, comment in comments:
        for match in RULE.finditer(comment):
            if f"r{int(match.group(1))}" not in rule_anchors:
                problems.append(f"{path}:{number}: rule R{match.group(1)} has no "
                                f"<a id=\"r{int(match.group(1))}\"> in {RULES_DOC}")
        if number in flagged:
            continue
        if SECTION.search(comment) and "glTF" not in comment and "gltf" not in path:
            problems.append(f"{path}:{number}: a bare § cites a document outside the "
                            f"repository; cite docs/ instead: {comment.strip()}")
        for match in CONFLICT.finditer(comment):
            problems.append(f"{path}:{number}: {match.group(0)} is a conflict id of a document "
                            f"outside the repository; cite the rule instead")


def check_file(root, path, rule_anchors, anchor_cache, problems):
    with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
        text = f.read()
    flagged = check_lines(root, path, text.split("\n"), anchor_cache, problems)
    name = os.path.basename(path)
    if name.endswith(C_LIKE):
        comments = c_comments(text)
    elif name.endswith(HASH_COMMENTED) or name == "CMakeLists.txt" or path.startswith(".ci/"):
        comments = hash_comments(text)
    else:
        comments = []
    check_comments(path, comments, flagged, rule_anchors, problems)


def is_page(path):
    """README.md and the pages directly in docs/."""
    return path == "README.md" or (path.startswith("docs/") and path.count("/") == 1
                                   and path.endswith(".md"))


def check_page(root, path, anchor_cache, problems):
    """A page: outside citations and dead links, its own `](#anchor)` links included.

    Bare § is allowed here: export.md cites the glTF specification's sections by name."""
    with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    check_lines(root, path, lines, anchor_cache, problems)
    for number, raw in enumerate(lines, 1):
        for match in SAME_PAGE.finditer(raw):
            if anchor_missing(root, path, match.group(1), anchor_cache):
                problems.append(f"{path}:{number}: {path} has no anchor #{match.group(1)}")


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), "..", ".."))
    rules_doc = os.path.join(root, RULES_DOC)
    problems, checked, cache = [], 0, {}
    rule_anchors = set()
    if os.path.isfile(rules_doc):
        rule_anchors = {a for a in anchors_of(rules_doc) if re.fullmatch(r"r\d+", a)}
    else:
        problems.append(f"{RULES_DOC} is missing: no rule can be cited")
    for path in sorted(tracked_files(root)):
        if path == SELF or not os.path.isfile(os.path.join(root, path)):
            continue
        if is_source(path):
            check_file(root, path, rule_anchors, cache, problems)
        elif is_page(path):
            check_page(root, path, cache, problems)
        else:
            continue
        checked += 1
    for problem in problems:
        print(problem)
    print(f"{checked} files checked, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
