"""What the tests and the benchmarks run Foxden with: a child server process, a small API client."""
