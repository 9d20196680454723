#!/usr/bin/env python3
"""A deliberately misbehaving OpenAI-compatible server for SmolDesk's remote-model tests.

It listens on 127.0.0.1 (port 0: a free one), prints "listening on PORT" and serves:
  GET  /v1/models             the models below (401 without "Authorization: Bearer good-key")
  POST /v1/chat/completions   behaviour by the request's "model":
    stream      a streamed answer: reasoning_content, then content (or a call of the first tool when
                tools are offered and the last message is not a tool result), usage, [DONE]
    whole       the same answer as one chat.completion object (it ignores "stream")
    missing     404 with OpenAI's model_not_found error
    busy        429 with Retry-After: 7
    broken      500 with an error message
    die         two chunks, then the whole process kills itself (SIGKILL): a server gone mid-stream
    slow        one chunk every 0.2 s for a minute (for Stop)
    garbage     an event that is not JSON
    error-event a stream whose second event is {"error": …}
    revoke      the key is revoked: this request and every later one get 401 (not listed)
Every request's body is appended to the file named by --log (one JSON line each), so tests can
check what the client sent. Uses only the standard library.
"""
import argparse
import json
import os
import signal
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MODELS = ["stream", "whole", "missing", "busy", "broken", "die", "slow", "garbage", "error-event"]
KEY = "good-key"


def chunk(delta, finish=None, usage=None):
    o = {"id": "chatcmpl-test", "object": "chat.completion.chunk", "created": 0, "model": "test",
         "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
    if usage is not None:
        o["usage"] = usage
    return ("data: " + json.dumps(o) + "\n\n").encode()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    log_path = None

    def log_message(self, *args):
        pass

    def send_json(self, status, obj, headers=()):
        body = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        for k, v in headers:
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)

    def authorized(self):
        if self.headers.get("Authorization") == "Bearer " + KEY:
            return True
        self.send_json(401, {"error": {"message": "Incorrect API key provided.", "type": "invalid_request_error",
                                       "code": "invalid_api_key"}}, [("WWW-Authenticate", "Bearer")])
        return False

    def start_stream(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()

    def write_chunked(self, data):
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self.wfile.flush()

    def end_chunked(self):
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def do_GET(self):
        if not self.authorized():
            return
        if self.path.rstrip("/") == "/v1/models":
            # vLLM's max_model_len on one of them: the app's context meter reads it.
            self.send_json(200, {"object": "list", "data": [dict({"id": m, "object": "model", "owned_by": "test"},
                                                                 **({"max_model_len": 4096} if m == "stream" else {}))
                                                            for m in MODELS]})
        else:
            self.send_json(404, {"error": {"message": "Not found: " + self.path}})

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        raw = self.rfile.read(length)
        if self.log_path:
            with open(self.log_path, "a") as f:
                f.write(raw.decode("utf-8", "replace").replace("\n", " ") + "\n")
        if not self.authorized():
            return
        if self.path != "/v1/chat/completions":
            self.send_json(404, {"error": {"message": "Not found: " + self.path}})
            return
        try:
            req = json.loads(raw)
        except ValueError:
            self.send_json(400, {"error": {"message": "The body is not JSON."}})
            return
        model = req.get("model")
        usage = {"prompt_tokens": 11, "completion_tokens": 5, "total_tokens": 16}
        if model == "revoke":
            global KEY
            KEY = "revoked-" + KEY
            self.authorized()
            return
        if model == "missing" or model not in MODELS:
            self.send_json(404, {"error": {"message": "The model `%s` does not exist." % model,
                                           "type": "invalid_request_error", "code": "model_not_found"}})
        elif model == "busy":
            self.send_json(429, {"error": {"message": "Rate limit reached."}}, [("Retry-After", "7")])
        elif model == "broken":
            self.send_json(500, {"error": {"message": "CUDA out of memory."}})
        elif model == "whole":
            self.send_json(200, {"id": "chatcmpl-test", "object": "chat.completion", "created": 0, "model": model,
                                 "choices": [{"index": 0, "finish_reason": "stop",
                                              "message": {"role": "assistant", "content": "Hello whole.",
                                                          "reasoning_content": "Short thought."}}],
                                 "usage": usage})
        elif model == "stream":
            self.start_stream()
            self.write_chunked(chunk({"role": "assistant", "content": ""}))
            for piece in ["Let me ", "think."]:
                self.write_chunked(chunk({"reasoning_content": piece}))
            answered = req.get("messages") and req["messages"][-1].get("role") == "tool"
            if req.get("tools") and not answered:
                name = req["tools"][0]["function"]["name"]
                self.write_chunked(chunk({"tool_calls": [{"index": 0, "id": "call_1", "type": "function",
                                                          "function": {"name": name, "arguments": ""}}]}))
                for piece in ['{"a":', ' 1}']:
                    self.write_chunked(chunk({"tool_calls": [{"index": 0, "function": {"arguments": piece}}]}))
                self.write_chunked(chunk({}, "tool_calls"))
            else:
                for piece in ["Hello", ", ", "world", "."]:
                    self.write_chunked(chunk({"content": piece}))
                self.write_chunked(chunk({}, "stop"))
            self.write_chunked(("data: " + json.dumps({"id": "chatcmpl-test", "object": "chat.completion.chunk",
                                                       "choices": [], "usage": usage}) + "\n\n").encode())
            self.write_chunked(b"data: [DONE]\n\n")
            self.end_chunked()
        elif model == "die":
            self.start_stream()
            self.write_chunked(chunk({"content": "Half"}))
            self.write_chunked(chunk({"content": " an answer"}))
            time.sleep(0.2)
            os.kill(os.getpid(), signal.SIGKILL)
        elif model == "slow":
            self.start_stream()
            try:
                for i in range(300):
                    self.write_chunked(chunk({"content": "tick %d " % i}))
                    time.sleep(0.2)
                self.write_chunked(chunk({}, "stop"))
                self.write_chunked(b"data: [DONE]\n\n")
                self.end_chunked()
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client stopped: what Stop must do
        elif model == "garbage":
            self.start_stream()
            self.write_chunked(chunk({"content": "Fine so far"}))
            self.write_chunked(b"data: {this is not json\n\n")
            self.write_chunked(b"data: [DONE]\n\n")
            self.end_chunked()
        elif model == "error-event":
            self.start_stream()
            self.write_chunked(chunk({"content": "Start"}))
            self.write_chunked(b'data: {"error": {"message": "The worker crashed."}}\n\n')
            self.end_chunked()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--log")
    args = p.parse_args()
    Handler.log_path = args.log
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print("listening on %d" % server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
