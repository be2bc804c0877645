"""The official Python MCP SDK (mcp 2.x) as the reading client of the gateway bench.

Usage: pythonReads.py '<json>' where the JSON names {"paths": {name: target}, "calls": N,
"warmup": W, "mode": "legacy" | "2026-07-28" | ...}; a target is {"url": ..., "tool": ...} or
{"command": [...], "tool": ...}. Connects one client per path, reads (`tool` with a word) W times
each untimed, then N times each, in turns of ten with the order rotated each turn, and prints one
JSON line: per path, every read's time in milliseconds.
"""

import asyncio
import json
import sys
import time
from contextlib import AsyncExitStack

from mcp.client.client import Client
from mcp.client.stdio import StdioServerParameters
import mcp_types as types


async def main() -> None:
    spec = json.loads(sys.argv[1])
    names = list(spec["paths"])
    async with AsyncExitStack() as stack:
        clients = {}
        for name in names:
            target = spec["paths"][name]
            server = (
                target["url"]
                if "url" in target
                else StdioServerParameters(command=target["command"][0], args=target["command"][1:])
            )
            client = Client(
                server,
                mode=spec.get("mode", "legacy"),
                client_info=types.Implementation(name="bench-python", version="2.3.0"),
            )
            clients[name] = await stack.enter_async_context(client)
        times = {name: [] for name in names}

        async def reads(name: str, count: int, into: list | None) -> None:
            tool = spec["paths"][name]["tool"]
            for i in range(count):
                started = time.perf_counter()
                result = await clients[name].call_tool(tool, {"word": f"w{i}"})
                if into is not None:
                    into.append((time.perf_counter() - started) * 1000)
                if result.is_error:
                    raise RuntimeError(f"a read failed on {name}: {result}")

        for name in names:
            await reads(name, spec["warmup"], None)
        turn = 0
        while turn * 10 < spec["calls"]:
            for k in range(len(names)):
                name = names[(turn + k) % len(names)]
                await reads(name, 10, times[name])
            turn += 1
    print(json.dumps(times))


asyncio.run(main())
