// A tool round trip through the official OpenAI JavaScript client, plain and streamed: a request
// with tools and tool_choice "required" (the grammar makes the tiny model's random output a valid
// call), the client runs the function, sends the result back and gets the final answer. Also a
// named tool_choice, tool_choice "auto", and the 400s for a bad tool_choice and a bad schema.
// Prints one JSON line with what it saw:
// node openai_tools.cjs OPENAI_MODULE_DIR BASE_URL API_KEY MODEL
const [moduleDir, baseURL, apiKey, model] = process.argv.slice(2);
const OpenAI = require(moduleDir);

const tools = [
  {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'The weather in a city',
      parameters: {
        type: 'object',
        properties: {
          city: { type: 'string', enum: ['Paris', 'Rome', 'Oslo'] },
          unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        },
        required: ['city', 'unit'],
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'get_time',
      description: 'The time in a time zone',
      parameters: {
        type: 'object',
        properties: { zone: { type: 'string', enum: ['UTC', 'CET'] } },
        required: ['zone'],
        additionalProperties: false,
      },
    },
  },
];

// The functions the client runs; each checks its arguments as a real one would.
const functions = {
  get_weather: (a) => {
    if (!['Paris', 'Rome', 'Oslo'].includes(a.city) || !['celsius', 'fahrenheit'].includes(a.unit))
      throw new Error(`bad get_weather arguments ${JSON.stringify(a)}`);
    if (Object.keys(a).length !== 2) throw new Error(`extra arguments ${JSON.stringify(a)}`);
    return { temperature: 21, unit: a.unit, city: a.city };
  },
  get_time: (a) => {
    if (!['UTC', 'CET'].includes(a.zone) || Object.keys(a).length !== 1)
      throw new Error(`bad get_time arguments ${JSON.stringify(a)}`);
    return { time: '12:00', zone: a.zone };
  },
};

function runCalls(calls) {
  if (!Array.isArray(calls) || calls.length === 0) throw new Error('no tool calls');
  return calls.map((c) => {
    if (c.type !== 'function' || typeof c.id !== 'string' || !c.id) throw new Error(`bad call ${JSON.stringify(c)}`);
    const fn = functions[c.function.name];
    if (!fn) throw new Error(`unknown function ${c.function.name}`);
    const result = fn(JSON.parse(c.function.arguments)); // throws on text that is not JSON
    return { role: 'tool', tool_call_id: c.id, content: JSON.stringify(result) };
  });
}

// Collects a stream as OpenAI's clients do: text, and calls by index (id and name first, then
// argument fragments appended).
async function collect(stream) {
  let content = '';
  let finish = null;
  const calls = [];
  let deltas = 0;
  for await (const chunk of stream) {
    const c = chunk.choices[0];
    if (!c) continue;
    if (c.delta && c.delta.content) content += c.delta.content;
    for (const t of (c.delta && c.delta.tool_calls) || []) {
      deltas += 1;
      if (!calls[t.index]) {
        if (!t.id || !t.function || !t.function.name) throw new Error(`first delta of call ${t.index} lacks id/name`);
        calls[t.index] = { id: t.id, type: 'function', function: { name: t.function.name, arguments: '' } };
      }
      if (t.function && t.function.arguments) calls[t.index].function.arguments += t.function.arguments;
    }
    if (c.finish_reason) finish = c.finish_reason;
  }
  return { content, finish, calls, deltas };
}

async function main() {
  const client = new OpenAI({ baseURL, apiKey, maxRetries: 0, timeout: 60000 });
  const user = { role: 'user', content: 'What is the weather in Paris?' };
  const base = { model, max_tokens: 200, temperature: 1, enable_thinking: false };
  const seen = { plain: 0, streamed: 0, finals: 0, named: 0, auto: '', refused: [] };

  for (let seed = 1; seed <= 2; seed += 1) {
    // Plain round trip.
    const first = await client.chat.completions.create({
      ...base, seed, messages: [user], tools, tool_choice: 'required', parallel_tool_calls: false,
    });
    const choice = first.choices[0];
    if (choice.finish_reason !== 'tool_calls') throw new Error(`finish_reason ${choice.finish_reason}`);
    const results = runCalls(choice.message.tool_calls);
    seen.plain += 1;

    // The same streamed: the same call, delivered in deltas.
    const s = await collect(
      await client.chat.completions.create({
        ...base, seed, stream: true, messages: [user], tools, tool_choice: 'required', parallel_tool_calls: false,
      }),
    );
    if (s.finish !== 'tool_calls') throw new Error(`streamed finish_reason ${s.finish}`);
    if (s.deltas < 2) throw new Error('the call was not streamed in fragments');
    const summary = (calls) => calls.map((c) => `${c.function.name}(${c.function.arguments})`).join(';');
    if (summary(s.calls) !== summary(choice.message.tool_calls))
      throw new Error(`streamed and plain calls differ: ${JSON.stringify(s.calls)}`);
    const streamedResults = runCalls(s.calls);
    seen.streamed += 1;

    // (The streamed request came straight after the plain one, so that both read the same cached
    // prompt and sample alike.) Now the results go back, plain and streamed.
    const final = await client.chat.completions.create({
      ...base, seed, max_tokens: 12, messages: [user, choice.message, ...results], tools,
    });
    if (typeof final.choices[0].message.content !== 'string') throw new Error('no final answer');
    seen.finals += 1;
    const f2 = await collect(
      await client.chat.completions.create({
        ...base, seed, stream: true, max_tokens: 12,
        messages: [user, { role: 'assistant', content: null, tool_calls: s.calls }, ...streamedResults], tools,
      }),
    );
    if (f2.finish !== 'stop' && f2.finish !== 'length') throw new Error(`final streamed finish ${f2.finish}`);
    seen.finals += 1;
  }

  // A named function: only that one is called.
  const named = await client.chat.completions.create({
    ...base, seed: 5, messages: [user], tools, tool_choice: { type: 'function', function: { name: 'get_time' } },
  });
  const namedCalls = named.choices[0].message.tool_calls;
  if (namedCalls.length !== 1 || namedCalls[0].function.name !== 'get_time') throw new Error('named call');
  runCalls(namedCalls);
  seen.named = 1;

  // auto: free text; whatever comes back is well formed.
  const auto = await client.chat.completions.create({ ...base, seed: 7, max_tokens: 30, messages: [user], tools });
  seen.auto = auto.choices[0].finish_reason;
  if (auto.choices[0].message.tool_calls) runCalls(auto.choices[0].message.tool_calls);

  for (const bad of [
    { tool_choice: 'sometimes' },
    { tool_choice: { type: 'function', function: { name: 'nope' } } },
    { tools: [{ type: 'function', function: { name: 'x', parameters: { type: 'object', not: {} } } }] },
    { tools: [{ type: 'function', function: {} }] },
  ]) {
    try {
      await client.chat.completions.create({ ...base, messages: [user], tools, ...bad });
      seen.refused.push('accepted');
    } catch (e) {
      seen.refused.push(`${e.status} ${e.message}`);
    }
  }
  console.log(JSON.stringify(seen));
}

main().catch((e) => {
  console.error(`openai client failed: ${e.message}`);
  process.exit(1);
});
