// POST /v1/embeddings through the official OpenAI JavaScript client: the same texts as floats,
// as base64 (decoded here with Buffer: the client hands an explicit base64 answer over as the
// string), and in the client's default (it asks for base64 and decodes it itself), token-array
// input, and the errors it raises. Prints one JSON object with what it saw:
// node openai_embeddings.cjs OPENAI_MODULE_DIR BASE_URL API_KEY MODEL
const [moduleDir, baseURL, apiKey, model] = process.argv.slice(2);
const OpenAI = require(moduleDir);

async function main() {
  const client = new OpenAI({ baseURL, apiKey, maxRetries: 0, timeout: 30000 });
  const texts = ['hello world', 'The quick brown fox jumps over the lazy dog.'];
  const asFloat = await client.embeddings.create({ model, input: texts, encoding_format: 'float' });
  const asBase64 = await client.embeddings.create({ model, input: texts, encoding_format: 'base64' });
  const byDefault = await client.embeddings.create({ model, input: texts[0] });
  const tokens = await client.embeddings.create({ model, input: [[2, 169, 170, 3]] });
  const errors = {};
  for (const [name, body] of [
    ['wrongModel', { model: 'no-such-model', input: 'a' }],
    ['emptyInput', { model, input: [] }],
    ['badFormat', { model, input: 'a', encoding_format: 'int8' }],
    ['tooLong', { model, input: 'a '.repeat(600) }],
  ]) {
    try {
      await client.embeddings.create(body);
      errors[name] = 'no error';
    } catch (e) {
      errors[name] = { status: e.status, code: e.code, type: e.type, message: e.message };
    }
  }
  const models = [];
  for await (const m of client.models.list()) models.push(m.id);
  const vectors = (r) => r.data.map((d) => Array.from(d.embedding));
  const decoded = (r) =>
    r.data.map((d) => {
      const bytes = Buffer.from(d.embedding, 'base64');
      return Array.from({ length: bytes.length / 4 }, (_, i) => bytes.readFloatLE(4 * i));
    });
  console.log(JSON.stringify({
    float: vectors(asFloat),
    base64: decoded(asBase64),
    base64IsString: typeof asBase64.data[0].embedding === 'string',
    default: vectors(byDefault),
    tokens: vectors(tokens),
    indices: asFloat.data.map((d) => d.index),
    object: asFloat.object,
    model: asFloat.model,
    usage: asFloat.usage,
    errors,
    models,
  }));
}

main().catch((e) => {
  console.error(e.stack || String(e));
  process.exit(1);
});
