"""Composes the recorded CLOB prices-history payloads (file names marked `composed`), see README.md.

Shape exactly as documented (docs.polymarket.com, get-prices-history): {"history": [{"t": <unix s>, "p": <0-1>}]}.
The path is a seeded random walk in log-odds with a drift, run backwards from the market's real Yes price in the recorded
keyset page (markets-keyset-p1.json, captured 2026-01-31T18:05Z) to its real creation time, so the composed
history ends exactly where the real market stood. Hourly points serve fidelity=60 (the last 30 days), points
at 00:00 UTC serve fidelity=1440 (the whole life). Re-run: python3 compose_prices_history.py
"""
import json
import math
import random
from datetime import datetime, timezone
from pathlib import Path

HERE = Path(__file__).parent
END = int(datetime(2026, 1, 31, 18, 0, tzinfo=timezone.utc).timestamp())
# market id -> (seed, a plausible Yes price at creation: the Seahawks were long shots before the 2025 season)
MARKETS = {"540234": (11, 0.03), "540819": (29, 0.25)}


def main() -> None:
    page = json.loads((HERE / "markets-keyset-p1.json").read_text())
    by_id = {m["id"]: m for m in page["markets"]}
    for market_id, (seed, opening) in MARKETS.items():
        m = by_id[market_id]
        (HERE / f"market-by-id.{market_id}.from-keyset-p1.json").write_text(json.dumps(m, indent=1) + "\n")
        created = int(datetime.fromisoformat(m["createdAt"].replace("Z", "+00:00")).timestamp())
        start = created - created % 3600 + 3600
        target = float(json.loads(m["outcomePrices"])[0])
        rng = random.Random(seed)
        hours = list(range(END, start - 1, -3600))
        x = math.log(target / (1 - target))
        drift = (math.log(opening / (1 - opening)) - x) / len(hours)
        path = {}
        for t in hours:
            p = 1 / (1 + math.exp(-x))
            path[t] = round(min(0.999, max(0.001, p)), 4)
            x += drift + rng.gauss(0, 0.02)
        hourly = [{"t": t, "p": path[t]} for t in sorted(path) if t > END - 30 * 86400]
        daily = [{"t": t, "p": path[t]} for t in sorted(path) if t % 86400 == 0]
        for fidelity, points in (("60", hourly), ("1440", daily)):
            out = HERE / f"prices-history.{market_id}-yes.fidelity-{fidelity}.composed.json"
            out.write_text(json.dumps({"history": points}, separators=(",", ":")) + "\n")
            print(out.name, len(points), points[0], points[-1])


main()
