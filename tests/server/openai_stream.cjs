// Streams one chat completion through the official OpenAI JavaScript client and prints what
// arrived as one JSON line: node openai_stream.cjs OPENAI_MODULE_DIR BASE_URL API_KEY MODEL
const [moduleDir, baseURL, apiKey, model] = process.argv.slice(2);
const OpenAI = require(moduleDir);

async function main() {
  const client = new OpenAI({ baseURL, apiKey, maxRetries: 0, timeout: 30000 });
  const stream = await client.chat.completions.create({
    model,
    messages: [{ role: 'user', content: 'Once upon a time' }],
    max_tokens: 12,
    temperature: 0,
    stream: true,
  });
  let content = '';
  let chunks = 0;
  let finish = null;
  let usage = null;
  for await (const chunk of stream) {
    chunks += 1;
    const choice = chunk.choices[0];
    if (choice && choice.delta && choice.delta.content) content += choice.delta.content;
    if (choice && choice.finish_reason) finish = choice.finish_reason;
    if (chunk.usage) usage = chunk.usage;
  }
  const models = await client.models.list();
  console.log(JSON.stringify({ content, chunks, finish, usage, models: models.data.map((m) => m.id) }));
}

main().catch((e) => {
  console.error(`openai client failed: ${e.message}`);
  process.exit(1);
});
