// Validate an AsyncAPI document with @asyncapi/parser (pinned in package.json): prints the
// parser's diagnostics as JSON, one per line, and exits 1 if any is an error.
// Usage: NODE_PATH=<node_modules> node asyncapi_check.cjs <document.json>
const fs = require("fs");
const { Parser } = require("@asyncapi/parser");

async function main() {
  const text = fs.readFileSync(process.argv[2], "utf8");
  const { document, diagnostics } = await new Parser().parse(text);
  let errors = 0;
  for (const diagnostic of diagnostics) {
    // Severity 0 is an error; 1-3 are warnings, information and hints.
    if (diagnostic.severity === 0) errors += 1;
    console.log(JSON.stringify({ severity: diagnostic.severity, code: diagnostic.code, message: diagnostic.message, path: diagnostic.path }));
  }
  if (!document) errors += 1;
  else console.log(JSON.stringify({ channels: document.channels().length, messages: document.allMessages().length }));
  process.exit(errors ? 1 : 0);
}

main().catch((failure) => {
  console.error(failure);
  process.exit(2);
});
