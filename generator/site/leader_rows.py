"""The leaders index's rows as JSON (leaders/rows.json beside the page): at 2,561 leaders the rows as HTML made
a 742 KB page, so the page ships its header and docs/assets/js/cardtable.js draws the rows a page at a time.

Shape: {"types": [[type, slug, pool size], ...], "leaders": [{"n": name, "s": slug, "i": image (or absent),
"c": colours in WUBRG order, "v": mana value, "t": [positions in types], "x": 1 for a changeling}]}."""

from __future__ import annotations

import json

WUBRG = "WUBRG"


def leader_rows_json(leading: list[dict], types_by_name: dict[str, dict]) -> str:
    type_names = sorted({name for leader in leading for name in leader["coalition_types"]})
    position = {name: i for i, name in enumerate(type_names)}
    rows = []
    for leader in leading:
        row = {"n": leader["name"], "s": leader["slug"],
               "c": "".join(c for c in WUBRG if c in (leader["colors"] or [])), "v": int(leader["cmc"] or 0)}
        if leader.get("image_normal"):
            row["i"] = leader["image_normal"]
        if leader["is_changeling"]:
            row["x"] = 1
        else:
            row["t"] = [position[name] for name in leader["coalition_types"]]
        rows.append(row)
    types = [[name, types_by_name[name]["slug"], types_by_name[name]["pool_size"]] for name in type_names]
    return json.dumps({"types": types, "leaders": rows}, ensure_ascii=False, separators=(",", ":"))
