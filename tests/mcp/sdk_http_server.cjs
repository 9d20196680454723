// A Streamable HTTP MCP server on the official TypeScript SDK (@modelcontextprotocol/sdk, installed
// by packaging/install-deps.sh), for test_mcp_cli. Usage:
//   node sdk_http_server.cjs SDK_DIR [--json] [--token TOKEN]
// Listens on a free loopback port and prints "listening PORT" on stdout. Stateful sessions
// (Mcp-Session-Id); answers as SSE streams, or as plain JSON with --json; with --token every
// request must carry "Authorization: Bearer TOKEN". tools/list is paged two tools a page, so a
// client must follow nextCursor to see all five.
const path = require('path');
const http = require('http');
const { randomUUID } = require('crypto');

const sdkDir = process.argv[2];
const jsonResponses = process.argv.includes('--json');
const tokenAt = process.argv.indexOf('--token');
const token = tokenAt > 0 ? process.argv[tokenAt + 1] : null;
const sdk = (p) => require(path.join(sdkDir, 'dist/cjs', p));
const { Server } = sdk('server/index.js');
const { StreamableHTTPServerTransport } = sdk('server/streamableHttp.js');
const { ListToolsRequestSchema, CallToolRequestSchema, isInitializeRequest } = sdk('types.js');

const numberPair = {
  type: 'object',
  properties: { a: { type: 'number' }, b: { type: 'number' } },
  required: ['a', 'b'],
};
const tools = [
  { name: 'add', description: 'Adds two numbers', inputSchema: numberPair },
  { name: 'fail', description: 'Always reports a tool error', inputSchema: { type: 'object' } },
  { name: 'big', description: 'Returns KB kilobytes of text', inputSchema: { type: 'object', properties: { kb: { type: 'number' } } } },
  { name: 'slow', description: 'Answers after MS milliseconds unless cancelled', inputSchema: { type: 'object', properties: { ms: { type: 'number' } } } },
  { name: 'whoami', description: 'Returns the session id and the protocol version header', inputSchema: { type: 'object' } },
];
const pageSize = 2;

function makeServer() {
  const server = new Server({ name: 'smoldesk-test-http', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    const start = Number(request.params?.cursor ?? 0);
    const page = tools.slice(start, start + pageSize);
    const next = start + pageSize < tools.length ? String(start + pageSize) : undefined;
    return next ? { tools: page, nextCursor: next } : { tools: page };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const args = request.params.arguments ?? {};
    switch (request.params.name) {
      case 'add':
        return { content: [{ type: 'text', text: String(args.a + args.b) }] };
      case 'fail':
        return { content: [{ type: 'text', text: 'this tool always fails' }], isError: true };
      case 'big':
        return { content: [{ type: 'text', text: 'x'.repeat(1024 * (args.kb ?? 1)) }] };
      case 'slow':
        await new Promise((resolve) => {
          const timer = setTimeout(resolve, args.ms ?? 1000);
          extra.signal.addEventListener('abort', () => { clearTimeout(timer); resolve(); });
        });
        return { content: [{ type: 'text', text: extra.signal.aborted ? 'cancelled' : 'done' }] };
      case 'whoami':
        return { content: [{ type: 'text', text: `${extra.sessionId} ${extra.requestInfo?.headers?.['mcp-protocol-version']}` }] };
      default:
        throw new Error(`no tool ${request.params.name}`);
    }
  });
  return server;
}

const transports = {};

const httpServer = http.createServer(async (req, res) => {
  if (token && req.headers.authorization !== `Bearer ${token}`) {
    res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"error":"unauthorized"}');
    return;
  }
  let body;
  if (req.method === 'POST') {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    try { body = JSON.parse(Buffer.concat(chunks).toString('utf8')); } catch { body = undefined; }
  }
  const sessionId = req.headers['mcp-session-id'];
  let transport = sessionId ? transports[sessionId] : undefined;
  if (!transport) {
    if (sessionId || req.method !== 'POST' || !isInitializeRequest(body)) {
      res.writeHead(sessionId ? 404 : 400, { 'Content-Type': 'application/json' })
        .end('{"jsonrpc":"2.0","error":{"code":-32000,"message":"no such session"},"id":null}');
      return;
    }
    transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: jsonResponses,
      onsessioninitialized: (id) => { transports[id] = transport; },
    });
    transport.onclose = () => { if (transport.sessionId) delete transports[transport.sessionId]; };
    await makeServer().connect(transport);
  }
  await transport.handleRequest(req, res, body);
});

httpServer.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening ${httpServer.address().port}\n`);
});
