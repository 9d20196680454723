// A json_schema request through the official OpenAI JavaScript client, plain and streamed, on
// several seeds: every answer that the model completed must JSON.parse and satisfy the schema
// (checked here field by field). Prints one JSON line with what it saw:
// node openai_json_schema.cjs OPENAI_MODULE_DIR BASE_URL API_KEY MODEL
const [moduleDir, baseURL, apiKey, model] = process.argv.slice(2);
const OpenAI = require(moduleDir);

const schema = {
  type: 'object',
  properties: {
    city: { type: 'string', maxLength: 10 },
    rooms: { type: 'integer', minimum: 1, maximum: 9 },
    pets: { type: 'array', items: { enum: ['cat', 'dog'] }, maxItems: 2 },
  },
  required: ['city', 'rooms', 'pets'],
  additionalProperties: false,
};

function check(text) {
  const v = JSON.parse(text); // throws on anything that is not JSON
  const keys = Object.keys(v).sort().join(',');
  if (keys !== 'city,pets,rooms') throw new Error(`keys ${keys} in ${text}`);
  if (typeof v.city !== 'string' || [...v.city].length > 10) throw new Error(`city in ${text}`);
  if (!Number.isInteger(v.rooms) || v.rooms < 1 || v.rooms > 9) throw new Error(`rooms in ${text}`);
  if (!Array.isArray(v.pets) || v.pets.length > 2 || v.pets.some((p) => p !== 'cat' && p !== 'dog'))
    throw new Error(`pets in ${text}`);
}

async function main() {
  const client = new OpenAI({ baseURL, apiKey, maxRetries: 0, timeout: 30000 });
  const request = (seed, stream) => ({
    model,
    messages: [{ role: 'user', content: 'Describe a flat as JSON.' }],
    max_tokens: 160,
    temperature: 1,
    seed,
    stream,
    enable_thinking: false,
    response_format: { type: 'json_schema', json_schema: { name: 'flat', schema, strict: true } },
  });
  let valid = 0;
  let cut = 0;
  for (let seed = 1; seed <= 4; seed += 1) {
    const plain = await client.chat.completions.create(request(seed, false));
    const choice = plain.choices[0];
    if (choice.finish_reason === 'stop') {
      check(choice.message.content);
      valid += 1;
    } else cut += 1;
    const stream = await client.chat.completions.create(request(seed, true));
    let content = '';
    let finish = null;
    for await (const chunk of stream) {
      const c = chunk.choices[0];
      if (c && c.delta && c.delta.content) content += c.delta.content;
      if (c && c.finish_reason) finish = c.finish_reason;
    }
    if (content !== choice.message.content) throw new Error('streamed and plain answers differ');
    if (finish === 'stop') {
      check(content);
      valid += 1;
    }
  }
  let refused = '';
  try {
    await client.chat.completions.create({
      ...request(1, false),
      response_format: { type: 'json_schema', json_schema: { name: 'x', schema: { type: 'object', not: {} } } },
    });
  } catch (e) {
    refused = `${e.status} ${e.message}`;
  }
  console.log(JSON.stringify({ valid, cut, refused }));
}

main().catch((e) => {
  console.error(`openai client failed: ${e.message}`);
  process.exit(1);
});
