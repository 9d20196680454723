#!/usr/bin/env python3
"""MCP servers that misbehave, for test_mcp_cli's error cases. Usage: broken_server.py MODE
  exit     exits at once with a message on stderr
  hang     reads requests and never answers
  garbage  answers every line with text that is not JSON-RPC
  huge     answers initialize, lists one tool, and answers its call with a 9 MB line
  listchange  answers initialize, lists one tool, then announces a second one
  withdraw answers initialize, lists `first` and `withdraw`; calling `withdraw` removes `first` and
           announces the change (a tool that goes away while a call of it waits for consent)
  old      answers initialize with a protocol version nobody speaks
"""
import json
import sys
import time

mode = sys.argv[1]
if mode == "exit":
    sys.stderr.write("broken_server: cannot open its database\n")
    sys.exit(3)


def send(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


tools = [{"name": "first", "description": "The first tool", "inputSchema": {"type": "object"}}]
if mode == "withdraw":
    tools.append({"name": "withdraw", "description": "Removes the first tool", "inputSchema": {"type": "object"}})
for line in sys.stdin:
    if mode == "hang":
        continue
    if mode == "garbage":
        sys.stdout.write("Hello! This server prints a banner on stdout.\n")
        sys.stdout.flush()
        continue
    msg = json.loads(line)
    if "id" not in msg:
        continue
    method = msg.get("method")
    if method == "initialize":
        version = "1999-01-01" if mode == "old" else msg["params"]["protocolVersion"]
        send({"jsonrpc": "2.0", "id": msg["id"], "result": {
            "protocolVersion": version, "capabilities": {"tools": {"listChanged": True}},
            "serverInfo": {"name": "broken", "version": "0"}}})
    elif method == "tools/list":
        send({"jsonrpc": "2.0", "id": msg["id"], "result": {"tools": tools}})
        if mode == "listchange" and len(tools) == 1:
            tools.append({"name": "second", "description": "Added later", "inputSchema": {"type": "object"}})
            send({"jsonrpc": "2.0", "method": "notifications/tools/list_changed"})
    elif method == "tools/call":
        if mode == "huge":
            sys.stdout.write('{"jsonrpc":"2.0","id":%d,"result":{"content":[{"type":"text","text":"%s"}]}}\n'
                             % (msg["id"], "y" * (9 * 1024 * 1024)))
            sys.stdout.flush()
        else:
            send({"jsonrpc": "2.0", "id": msg["id"], "result": {"content": [{"type": "text", "text": "ok"}]}})
            if mode == "withdraw" and msg["params"]["name"] == "withdraw":
                tools[:] = [t for t in tools if t["name"] != "first"]
                send({"jsonrpc": "2.0", "method": "notifications/tools/list_changed"})
    else:
        send({"jsonrpc": "2.0", "id": msg["id"], "error": {"code": -32601, "message": "no " + str(method)}})
time.sleep(0)
