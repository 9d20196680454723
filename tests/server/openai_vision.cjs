// Images in /v1/chat/completions through the official OpenAI JavaScript client: an image_url part
// with a base64 PNG data URL (between two text parts), the same text without it, and the errors it
// raises for a remote URL and broken base64. Prints one JSON object with what it saw:
// SMOLDESK_TEST_IMAGE=IMAGE.png node openai_vision.cjs OPENAI_MODULE_DIR BASE_URL API_KEY MODEL
const fs = require('fs');
const [moduleDir, baseURL, apiKey, model] = process.argv.slice(2);
const imagePath = process.env.SMOLDESK_TEST_IMAGE;
const OpenAI = require(moduleDir);

async function main() {
  const client = new OpenAI({ baseURL, apiKey, maxRetries: 0, timeout: 60000 });
  const dataUrl = 'data:image/png;base64,' + fs.readFileSync(imagePath).toString('base64');
  const ask = (parts) =>
    client.chat.completions.create({ model, messages: [{ role: 'user', content: parts }], max_tokens: 4, temperature: 0 });
  const withImage = await ask([
    { type: 'text', text: 'Look:' },
    { type: 'image_url', image_url: { url: dataUrl } },
    { type: 'text', text: ' what is it?' },
  ]);
  const textOnly = await ask([{ type: 'text', text: 'Look: what is it?' }]);
  // The same image again with the answer and a follow-up (a client resends the history).
  const followUp = await client.chat.completions.create({
    model,
    messages: [
      { role: 'user', content: [{ type: 'text', text: 'Look:' }, { type: 'image_url', image_url: { url: dataUrl } },
                                { type: 'text', text: ' what is it?' }] },
      { role: 'assistant', content: withImage.choices[0].message.content },
      { role: 'user', content: 'And the colour?' },
    ],
    max_tokens: 4,
    temperature: 0,
  });
  const errors = {};
  for (const [name, url] of [
    ['remote', 'https://example.com/cat.png'],
    ['badBase64', 'data:image/png;base64,@@@not base64@@@'],
    ['notImage', 'data:image/png;base64,' + Buffer.from('plain text').toString('base64')],
  ]) {
    try {
      await ask([{ type: 'image_url', image_url: { url } }]);
      errors[name] = 'no error';
    } catch (e) {
      errors[name] = { status: e.status, code: e.code, type: e.type, message: e.message };
    }
  }
  console.log(JSON.stringify({
    withImage: withImage.usage.prompt_tokens,
    textOnly: textOnly.usage.prompt_tokens,
    followUp: followUp.usage.prompt_tokens,
    answer: withImage.choices[0].message.content,
    errors,
  }));
}

main().catch((e) => {
  console.error(String(e && e.stack ? e.stack : e));
  process.exit(1);
});
