#!/usr/bin/env bash
# On the GPU machine (through run_on_gpu.sh): every positive sample on the cuda target compared
# byte for byte with its .expected (and exit code, empty stderr), then every cuda-marked test.
#   bash tools/gpu/run_on_gpu.sh 'bash tools/gpu/check_all.sh'
set -uo pipefail
pass=0; fail=0
for f in $(find samples -name "*.cpp" -not -path "*/errors/*" | sort); do
  b=${f%.cpp}; [ -f "$b.expected" ] || continue
  code=0; [ -f "$b.exitcode" ] && code=$(cat "$b.exitcode")
  timeout 300 python3 -m amppy run --target cuda "$f" >/tmp/s.out 2>/tmp/s.err </dev/null; rc=$?
  if cmp -s /tmp/s.out "$b.expected" && [ $rc -eq "$code" ] && [ ! -s /tmp/s.err ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "FAIL $f (exit $rc)"; head -c 2000 /tmp/s.err; diff /tmp/s.out "$b.expected" | head -10
  fi
done
# the projects: every solution in each configuration with an expected output (Name.Config.expected)
for sln in $(find samples/projects -name "*.sln" | sort); do
  dir=$(dirname "$sln")
  for exp in "$dir"/*.*.expected; do
    cfg=$(basename "$exp" .expected); cfg=${cfg##*.}
    (cd "$dir" && timeout 300 python3 -m amppy run --target cuda --config "$cfg" "$(basename "$sln")") \
      >/tmp/s.out 2>/tmp/s.err </dev/null; rc=$?
    if cmp -s /tmp/s.out "$exp" && [ $rc -eq 0 ] && [ ! -s /tmp/s.err ]; then
      pass=$((pass + 1))
    else
      fail=$((fail + 1)); echo "FAIL $sln --config $cfg (exit $rc)"; head -c 2000 /tmp/s.err; diff /tmp/s.out "$exp" | head -10
    fi
  done
done
echo "samples on cuda: $pass passed, $fail failed"
python3 -m pytest -m cuda -q -p no:cacheprovider -rs tests 2>&1 | tail -15
