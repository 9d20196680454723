#!/usr/bin/env python3
"""Generates cases.json for tests/jinja/test_jinja_semantics.cpp: small templates rendered by
Python jinja2 in the environment transformers uses (see ../templates/render_expected.py).
Run once by hand (python3 generate_cases.py); tests only read the committed cases.json."""
import datetime
import json
import os

import jinja2
import jinja2.ext
from jinja2.sandbox import ImmutableSandboxedEnvironment

HERE = os.path.dirname(os.path.abspath(__file__))
FIXED_NOW = datetime.datetime(2026, 1, 15, 12, 0, 0)


class AssistantTracker(jinja2.ext.Extension):
    tags = {"generation"}

    def parse(self, parser):
        lineno = next(parser.stream).lineno
        body = parser.parse_statements(["name:endgeneration"], drop_needle=True)
        return jinja2.nodes.CallBlock(self.call_method("_generation_support"), [], [], body).set_lineno(lineno)

    @jinja2.pass_eval_context
    def _generation_support(self, context, caller):
        return caller()


def make_env():
    def raise_exception(message):
        raise jinja2.exceptions.TemplateError(message)

    def tojson(x, ensure_ascii=False, indent=None, separators=None, sort_keys=False):
        return json.dumps(x, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys)

    def strftime_now(format):
        return FIXED_NOW.strftime(format)

    env = ImmutableSandboxedEnvironment(
        trim_blocks=True, lstrip_blocks=True, extensions=[AssistantTracker, jinja2.ext.loopcontrols])
    env.filters["tojson"] = tojson
    env.globals["raise_exception"] = raise_exception
    env.globals["strftime_now"] = strftime_now
    return env


CTX = {
    "s": "Hello, World",
    "u": "h\u00e9llo w\u00f6rld \u4f60\u597d",
    "n": 7,
    "f": 2.5,
    "neg": -7,
    "items": [3, 1, 2],
    "words": ["b", "A", "c", "a"],
    "d": {"b": 1, "a": 2, "items": "key-items"},
    "msgs": [{"role": "system", "content": "sys"}, {"role": "user", "content": "hi"},
             {"role": "assistant", "content": " yo "}, {"role": "user", "content": "bye"}],
    "nested": {"x": [1, {"y": None, "z": True}], "q": "it's"},
    "none": None,
    "empty": "",
    "ws": "\u00a0\u3000 padded \t\n",
}

CASES = [
    # --- printing / repr ---
    ("print_scalars", "{{ 1 }} {{ 1.0 }} {{ 0.1 }} {{ 1e20 }} {{ 1.5e-7 }} {{ true }} {{ none }} {{ 'x' }}"),
    ("print_floats", "{{ 1/3 }} {{ 2/2 }} {{ 1e16 }} {{ 1e15 }} {{ 0.0001 }} {{ 0.00001 }} {{ -0.0 }} {{ 123456789.125 }}"),
    ("print_list", "{{ [1, 'a', none, true, 1.5, [2], {'k': 'v'}] }}"),
    ("print_tuple", "{{ (1,) }} {{ (1, 2) }} {{ () }}"),
    ("print_dict", "{{ d }} {{ nested }}"),
    ("repr_quotes", "{{ [\"it's\", 'say \"hi\"', 'both \\' and \"', 'back\\\\slash', 'tab\\there\\n', '\\x01\\x7f'] }}"),
    ("repr_unicode", "{{ [u, '\\u00a0', '\\u3000', '\\u200b', '\\U0001F600'] }}"),
    ("string_filter_dict", "{{ nested|string }}|{{ msgs[0]|string }}"),
    ("concat_tilde", "{{ 'a' ~ 1 ~ none ~ true ~ 1.5 ~ [1] ~ undefinedvar }}"),
    # --- arithmetic ---
    ("int_division", "{{ 7 // 2 }} {{ -7 // 2 }} {{ 7 // -2 }} {{ -7 // -2 }} {{ 7 / 2 }} {{ 6 / 3 }}"),
    ("modulo", "{{ 7 % 3 }} {{ -7 % 3 }} {{ 7 % -3 }} {{ -7 % -3 }} {{ 7.5 % 2 }} {{ -7.5 % 2 }}"),
    ("float_floordiv", "{{ 7.5 // 2 }} {{ -7.5 // 2 }} {{ 7 // 2.0 }}"),
    ("power", "{{ 2 ** 10 }} {{ 2 ** 3 ** 2 }} {{ 2 ** -1 }} {{ 2.0 ** 2 }} {{ 4 ** 0.5 }}"),
    ("unary", "{{ -n }} {{ +n }} {{ -f }} {{ not n }} {{ -1|abs }} {{ - 2 ** 2 }}"),
    ("mixed_numeric", "{{ 1 + 1.5 }} {{ true + 1 }} {{ 3 * 1.0 }} {{ 10 - 2.5 }}"),
    ("string_repeat", "{{ 'ab' * 3 }}|{{ 3 * 'x' }}|{{ 'a' * 0 }}|{{ 'a' * -2 }}|{{ [1, 2] * 2 }}"),
    ("string_concat_plus", "{{ 'a' + 'b' }} {{ [1] + [2] }} {{ (1,) + (2,) }}"),
    ("precedence", "{{ 1 + 2 * 3 }} {{ (1 + 2) * 3 }} {{ 2 * 3 ~ 4 }} {{ 10 - 3 - 2 }} {{ 'a' ~ 1 + 2 }}"),
    ("err_precedence_concat", "{{ 1 + 2 ~ 3 + 4 }}"),
    # --- comparisons / logic ---
    ("comparisons", "{{ 1 < 2 }} {{ 2 <= 1 }} {{ 'a' < 'b' }} {{ [1, 2] < [1, 3] }} {{ 1 == 1.0 }} {{ true == 1 }} {{ 1 < 2 < 3 }} {{ 3 > 2 > 2 }}"),
    ("equality", "{{ {'a': 1} == {'a': 1} }} {{ [1] == [1] }} {{ 'a' != 'b' }} {{ none == none }} {{ x == y }}"),
    ("logic_values", "{{ 0 or 'x' }} {{ 'a' and 'b' }} {{ '' and 'b' }} {{ none or [] }} {{ not none }}"),
    ("in_operator", "{{ 'ell' in s }} {{ 2 in items }} {{ 'a' in d }} {{ 'z' not in d }} {{ 'x' in undefinedvar }}"),
    ("cond_expr", "{{ 'yes' if n > 3 else 'no' }}|{{ 'yes' if n > 30 }}|{{ 'a' if false else 'b' if true else 'c' }}"),
    # --- access ---
    ("attr_item", "{{ msgs[1].role }} {{ msgs[1]['content'] }} {{ d.a }} {{ d['b'] }} {{ nested.x[1].z }} {{ items.0 }}"),
    ("dict_method_shadow", "{{ d['items'] }}|{{ d.get('a') }}|{{ d.get('zz', 'dflt') }}|{{ d.get('zz') }}"),
    ("missing_attr", "[{{ d.missing }}][{{ msgs[10] }}][{{ none.x }}][{{ s.nothing }}][{{ items['x'] }}]"),
    ("negative_index", "{{ items[-1] }} {{ s[0] }} {{ s[-1] }} {{ u[1] }}"),
    ("slices", "{{ items[1:] }} {{ items[:-1] }} {{ items[::-1] }} {{ items[:] }} {{ s[::2] }} {{ s[-5:] }} {{ u[1:4] }} {{ items[5:] }} {{ s[10:2:-3] }}"),
    ("slice_of_none", "[{{ none[1:] }}]"),
    # --- tests ---
    ("tests_basic", "{{ x is defined }} {{ n is defined }} {{ none is none }} {{ s is string }} {{ n is number }} {{ f is float }} {{ n is integer }} {{ true is boolean }} {{ true is number }}"),
    ("tests_containers", "{{ d is mapping }} {{ items is mapping }} {{ items is iterable }} {{ s is iterable }} {{ x is iterable }} {{ n is iterable }} {{ items is sequence }} {{ d is sequence }}"),
    ("tests_values", "{{ n is odd }} {{ n is even }} {{ 9 is divisibleby 3 }} {{ 'a' is equalto 'a' }} {{ 1 is eq 1 }} {{ 1 is ne 2 }} {{ 1 is lt 2 }} {{ 2 is gt 1 }} {{ 1 is in [1] }} {{ false is false }} {{ true is true }} {{ 0 is false }}"),
    ("tests_negated", "{{ x is not defined }} {{ n is not none }} {{ not n is none }}"),
    ("tests_callable", "{{ range is callable }} {{ s.upper is callable }} {{ s is callable }} {{ x is undefined }}"),
    # --- filters ---
    ("filters_string", "{{ s|upper }} {{ s|lower }} {{ 'hello wORLD-foo'|title }} {{ 'hELLO'|capitalize }} {{ ws|trim }}| {{ '--x--'|trim('-') }} {{ s|replace('l', 'L') }} {{ s|replace('l', 'L', 1) }}"),
    ("filters_length", "{{ s|length }} {{ u|length }} {{ items|length }} {{ d|length }} {{ items|count }} {{ x|length }}"),
    ("filters_first_last", "{{ items|first }} {{ items|last }} {{ s|first }} {{ []|first }}|{{ d|first }}"),
    ("filters_join_list", "{{ items|join(', ') }} {{ s|list }} {{ d|list }} {{ msgs|map(attribute='role')|join('/') }} {{ [1, none, 'a']|join }}"),
    ("filters_select", "{{ items|select('odd')|list }} {{ items|reject('odd')|list }} {{ msgs|selectattr('role', 'equalto', 'user')|map(attribute='content')|list }} {{ msgs|rejectattr('role', 'eq', 'user')|list|length }} {{ [0, 1, '', 'a']|select|list }}"),
    ("filters_map", "{{ items|map('string')|list }} {{ ['a', 'B']|map('upper')|list }} {{ msgs|map(attribute='missing', default='-')|list }}"),
    ("filters_default", "{{ x|default('dflt') }} {{ none|default('dflt') }} {{ ''|default('dflt', true) }} {{ x|d('d2') }} {{ n|default(0) }}"),
    ("filters_tojson", "{{ nested|tojson }}|{{ msgs[0]|tojson(indent=2) }}|{{ [1, 2.5, 'é\"\\n\\u0001', none, true]|tojson }}|{{ {}|tojson }}|{{ []|tojson(indent=4) }}|{{ 'x'|tojson }}"),
    ("filters_tojson_indent_nested", "{{ {'a': [1, [], {}], 'b': {'c': None}}|tojson(indent=4) }}"),
    ("filters_numbers", "{{ '12'|int + 1 }} {{ '3.7'|int }} {{ 'x'|int }} {{ 'x'|int(5) }} {{ 3.9|int }} {{ '2.5'|float }} {{ 'x'|float }} {{ n|float }} {{ -3|abs }} {{ -2.5|abs }}"),
    ("filters_round", "{{ 2.5|round }} {{ 3.5|round }} {{ 2.675|round(2) }} {{ 2.1|round(0, 'ceil') }} {{ 2.9|round(0, 'floor') }} {{ 7|round }}"),
    ("filters_items_dictsort", "{% set e = {'b': 1, 'a': 2, 'C': 0} %}{{ e|items|list }} {{ e|dictsort }} {{ e|dictsort(by='value') }} {{ e|dictsort(reverse=true) }} {{ e|dictsort(true) }}"),
    ("err_dictsort_mixed", "{{ d|dictsort(by='value') }}"),
    ("filters_sort_unique", "{{ words|sort }} {{ words|sort(case_sensitive=true) }} {{ items|sort(reverse=true) }} {{ words|unique|list }} {{ [1, 2, 1, 3]|unique|list }} {{ msgs|sort(attribute='role')|map(attribute='content')|list }}"),
    ("filters_reverse", "{{ s|reverse }} {{ items|reverse|list }} {{ u|reverse }}"),
    ("filters_misc", "{{ 'a\\nb\\n\\nc'|indent(2) }}|{{ 'a\\nb'|indent(2, true) }}|{{ 'one two  three'|wordcount }}|{{ 'ab'|center(7) }}|{{ items|batch(2)|list }}|{{ items|batch(2, 0)|list }}|{{ items|sum }}|{{ items|max }}|{{ items|min }}|{{ words|max }}"),
    ("filters_escape", "{{ '<a href=\"x\">&\\'</a>'|e }} {{ '<b>bold</b>  text'|striptags }} {{ 'x'|safe }} {{ 'long text here'|truncate(9) }}"),
    ("filters_format", "{{ '%s-%d-%05.2f'|format('a', 3, 3.14159) }} {{ '%r'|format('q') }} {{ '%x|%o|%5s|%-5s|'|format(255, 8, 'r', 'l') }} {{ '%(a)s'|format(a=1) }}"),
    ("filters_chain", "{{ msgs|map(attribute='content')|map('trim')|map('upper')|join(',') }}"),
    # --- str methods ---
    ("methods_strip", "[{{ '  x  '.strip() }}][{{ '  x  '.lstrip() }}][{{ '  x  '.rstrip() }}][{{ 'xxhixx'.strip('x') }}][{{ '\\nhi\\n'.lstrip('\\n') }}][{{ ws.strip() }}][{{ 'abcba'.strip('ab') }}]"),
    ("methods_split", "{{ 'a b  c'.split() }} {{ 'a,b,,c'.split(',') }} {{ 'a,b,c'.split(',', 1) }} {{ '  a b '.split(None, 1) }} {{ 'a,b,c'.rsplit(',', 1) }} {{ 'x</think>y</think>z'.split('</think>')[-1] }} {{ ''.split() }} {{ ''.split(',') }}"),
    ("methods_affix", "{{ s.startswith('Hell') }} {{ s.endswith('x') }} {{ s.startswith(('x', 'H')) }} {{ s.endswith(('ld', 'q')) }}"),
    ("methods_replace_chain", "{{ 'a/no_think b/think'.replace('/no_think', '').replace('/think', '').rstrip() }}|{{ 'aaa'.replace('a', 'b', 2) }}|{{ 'ab'.replace('', '-') }}"),
    ("methods_case_find", "{{ s.upper() }} {{ s.lower() }} {{ 'hello world'.title() }} {{ 'hELLO'.capitalize() }} {{ s.find('o') }} {{ s.find('zz') }} {{ s.count('l') }} {{ u.find('w') }} {{ s.rfind('o') }}"),
    ("format_int_flags", "{{ '%05.3d|%-05.3d|%+05d|% 5d|%#o|%#x|%#X|%#05x|%-#6x|%.3x|%+.3o|%.0d|%x|%o' % (1, -1, 1, -1, 8, 255, 255, -1, 1, 255, 1, 0, -255, -8) }}"),
    ("format_int_extremes", "{{ '%d|%x|%o|%i' % (-9223372036854775807 - 1, -9223372036854775807 - 1, 9223372036854775807, 0) }}"),
    ("format_int_from_float", "{{ '%d|%5.3d|%d|%d' % (1e300, -2.7, 0.5, -1e19) }}"),
    ("format_long_fields", "{{ ('%5000d' % 1)|length }} {{ ('%.5000d' % 1)|length }} {{ ('%.400f' % 0.1)[-3:] }} {{ ('%.400f' % 0.1)|length }} {{ '%.9999999s' % 'cut' }} {{ ('{:.400f}'.format(0.1))|length }}"),
    ("format_spec_integers", "{{ '{:b}|{:x}|{:+d}|{: d}|{:08.3f}'.format(5, 255, 5, 5, -3.14159) }}"),
    ("methods_format", "{{ '{} and {}'.format(1, 'b') }} {{ '{0}{1}{0}'.format('a', 'b') }} {{ '{name}!'.format(name='N') }} {{ '{:>5}|{:<4}|{:^6}|{:05d}|{:.2f}'.format('r', 'l', 'c', 42, 3.14159) }} {{ '{{x}}'.format() }}"),
    ("methods_misc", "{{ ', '.join(['a', 'b']) }} {{ 'abc'.isalpha() }} {{ '123'.isdigit() }} {{ 'ab'.center(6, '*') }} {{ '42'.zfill(5) }} {{ 'a-b-c'.partition('-') }} {{ 'HeLLo'.swapcase() }} {{ 'ABC'.isupper() }} {{ 'a\\nb\\r\\nc'.splitlines() }}"),
    ("dict_methods", "{{ d.items()|list }} {{ d.keys()|list }} {{ d.values()|list }} {% for k, v in d.items() %}{{ k }}={{ v }};{% endfor %}"),
    ("list_methods", "{{ items.index(1) }} {{ [1, 1, 2].count(1) }}"),
    # --- loops ---
    ("loop_vars", "{% for i in items %}{{ loop.index }}/{{ loop.index0 }}/{{ loop.revindex }}/{{ loop.revindex0 }}/{{ loop.first }}/{{ loop.last }}/{{ loop.length }};{% endfor %}"),
    ("loop_prev_next", "{% for i in items %}[{{ loop.previtem }}|{{ loop.nextitem }}|{{ loop.previtem is defined }}]{% endfor %}"),
    ("loop_cycle", "{% for i in range(5) %}{{ loop.cycle('a', 'b', 'c') }}{% endfor %}"),
    ("loop_else", "{% for i in [] %}x{% else %}empty{% endfor %}|{% for i in x %}y{% else %}undef{% endfor %}"),
    ("loop_filter", "{% for i in range(10) if i is odd %}{{ i }}:{{ loop.index }}/{{ loop.length }} {% endfor %}"),
    ("loop_unpack", "{% for a, b in [(1, 2), [3, 4]] %}{{ a }}{{ b }},{% endfor %}{% for k, v in d|items %}{{ k }}{{ v }}{% endfor %}"),
    ("loop_dict_and_string", "{% for k in d %}{{ k }},{% endfor %}{% for c in 'héy' %}[{{ c }}]{% endfor %}"),
    ("loop_break_continue", "{% for i in range(10) %}{% if i == 2 %}{% continue %}{% endif %}{% if i == 5 %}{% break %}{% endif %}{{ i }}{% endfor %}"),
    ("loop_nested", "{% for i in range(3) %}{% for j in range(i) %}{{ i }}{{ j }}{{ loop.index }} {% endfor %}{{ loop.index }}|{% endfor %}"),
    ("loop_scoping", "{% set x = 0 %}{% for i in range(3) %}[{{ x }}]{% set x = i %}({{ x }}){% endfor %}{{ x }}"),
    ("namespace", "{% set ns = namespace(total=0, names=[]) %}{% for i in items %}{% set ns.total = ns.total + i %}{% set ns.names = ns.names + [i] %}{% endfor %}{{ ns.total }} {{ ns.names }} {{ ns }}"),
    ("namespace_empty", "{% set ns = namespace() %}{% set ns.index = 0 %}{% for m in msgs %}{% set ns.index = ns.index + 1 %}{% endfor %}{{ ns.index }}"),
    ("range_forms", "{{ range(3)|list }} {{ range(1, 4)|list }} {{ range(10, 0, -3)|list }} {{ range(0)|list }}"),
    # --- set / macros / call / filter blocks ---
    ("set_forms", "{% set a = 1 %}{% set b, c = 2, 3 %}{% set t = 4, 5 %}{{ a }}{{ b }}{{ c }}{{ t }}{% set blk %}x{{ a }}y{% endset %}[{{ blk }}]{% set up | upper %}shout{% endset %}{{ up }}"),
    ("set_in_if_leaks", "{% if true %}{% set leaked = 'yes' %}{% endif %}{{ leaked }}"),
    ("macro_basic", "{% macro greet(name, punct='!') %}Hi {{ name }}{{ punct }}{% endmacro %}{{ greet('a') }} {{ greet('b', '?') }} {{ greet(name='c', punct='.') }} {{ greet() }}|"),
    ("macro_varargs_kwargs", "{% macro m(a) %}{{ a }}{{ varargs }}{{ kwargs }}{% endmacro %}{{ m(1, 2, 3, k=4) }}"),
    ("macro_recursion", "{% macro fact(n) %}{% if n <= 1 %}1{% else %}{{ n * fact(n - 1)|int }}{% endif %}{% endmacro %}{{ fact(6) }}"),
    ("macro_sees_later_globals", "{% macro m() %}{{ late }}{% endmacro %}{% set late = 'L' %}{{ m() }}"),
    ("macro_caller", "{% macro wrap(tag) %}<{{ tag }}>{{ caller() }}</{{ tag }}>{% endmacro %}{% call wrap('b') %}inner {{ n }}{% endcall %}"),
    ("macro_caller_args", "{% macro each(xs) %}{% for x in xs %}{{ caller(x) }}{% endfor %}{% endmacro %}{% call(v) each(items) %}[{{ v }}]{% endcall %}"),
    ("filter_block", "{% filter upper %}abc {{ s }}{% endfilter %}|{% filter trim|replace('a', 'b') %}  aaa  {% endfilter %}"),
    ("with_block", "{% with a = 1, b = 2 %}{{ a + b }}{% endwith %}[{{ a }}]"),
    ("generation_scope", "{% set g = 'outer' %}{% generation %}{% set g = 'inner' %}{{ g }}{% endgeneration %}|{{ g }}"),
    ("raw_block", "{% raw %}{{ not }} {% evaluated %}{% endraw %}"),
    ("dict_literal", "{% set m = {'string': 'str', 'number': 'float'} %}{{ m['string'] }} {{ m.number }} {{ m['nope'] is defined }} {{ {'a': 1, 'a': 2} }} {{ {1: 'x', 'k': [1, 2]} }}"),
    ("strftime", "{{ strftime_now('%d %B %Y') }}|{{ strftime_now('%d %b %Y') }}|{{ strftime_now('%B %d, %Y') }}|{{ strftime_now('%Y-%m-%d %H:%M:%S %A %a %j') }}"),
    ("string_escapes", "{{ 'a\\tb\\\\c\\'d\\\"e\\x41\\u00e9\\101\\q' }}"),
    ("string_adjacent", "{{ 'a' 'b' \"c\" }}"),
    ("int_literals", "{{ 1_000 }} {{ 0x1f }} {{ 0b101 }} {{ 0o17 }} {{ 1.5e3 }} {{ 2E-2 }}"),
    ("joiner_cycler", "{% set j = joiner('; ') %}{% for i in items %}{{ j() }}{{ i }}{% endfor %}"),
    ("dict_global", "{{ dict(a=1, b='x') }} {{ dict(d) == d }}"),
    # --- whitespace control ---
    ("ws_trim_blocks", "{% if true %}\nline\n{% endif %}\nafter"),
    ("ws_lstrip_blocks", "a\n    {% if true %}\n    b\n    {% endif %}\nc"),
    ("ws_lstrip_not_vars", "a\n    {{ 'v' }}\n    {# c #}\nz"),
    ("ws_minus", "a   {%- if true -%}   b   {%- endif -%}   c\n  {{- 'd' -}}  \n e"),
    ("ws_plus", "a\n    {%+ if true +%}\nb\n    {%+ endif %}\nc"),
    ("ws_comments", "x {# comment #}\ny\n  {#- c -#}  z\n{# c2 #}\nw"),
    ("ws_mid_line", "x {% if true %}y{% endif %} z\n  {{ 'v' }} {% if true %}\nq{% endif %}"),
    ("ws_trailing_newline", "line\n"),
    ("ws_two_trailing_newlines", "line\n\n"),
    ("ws_crlf", "a\r\n{% if true %}\r\nb\r\n{% endif %}\r\nc"),
    ("ws_tabs", "\t{% if true %}\n\tx\n\t{% endif %}\n"),
    ("ws_var_minus_newline", "{{ 'a' -}}\n\n   b"),
    ("ws_nested_braces", "{{ {'a': {'b': 1}} }}|{{ {'a': {'b': 1}}['a'] }}"),
    # --- errors (type and message as Python prints them) ---
    ("err_raise", "{{ raise_exception('Custom failure: ' ~ n) }}"),
    ("err_concat_none", "{{ 'a' + none }}"),
    ("err_concat_dict", "{{ 'a' + d }}"),
    ("err_add_int_str", "{{ 1 + 'a' }}"),
    ("err_in_none", "{{ 'a' in none }}"),
    ("err_iter_none", "{% for x in none %}{% endfor %}"),
    ("err_iter_int", "{% for x in 5 %}{% endfor %}"),
    ("err_none_method", "{{ none.strip() }}"),
    ("err_undefined_attr", "{{ x.y }}"),
    ("err_undefined_add", "{{ x + 1 }}"),
    ("err_compare_types", "{{ 'a' < 1 }}"),
    ("err_div_zero", "{{ 1 / 0 }}"),
    ("err_floordiv_zero", "{{ 1 // 0 }}"),
    ("err_append_unsafe", "{% set l = [1] %}{% set _ = l.append(2) %}{{ l }}"),
    ("err_dict_update_unsafe", "{{ d.update({'x': 1}) }}"),
    ("err_range_too_big", "{{ range(200000)|length }}"),
    ("err_unpack", "{% for a, b in [(1, 2, 3)] %}{% endfor %}"),
    ("err_str_in_int", "{{ 1 in 'abc' }}"),
    ("err_len_none", "{{ none|length }}"),
    ("err_items_list", "{{ items|items|list }}"),
    ("err_not_callable", "{{ s() }}"),
    ("err_macro_args", "{% macro m(a) %}{% endmacro %}{{ m(1, 2) }}"),
    ("err_ns_assign", "{% set s2 = 'x' %}{% set s2.a = 1 %}"),
    ("err_tojson_undefined", "{{ x|tojson }}"),
    ("err_format_width_too_big", "{{ '%999999999999999999999d' % 1 }}"),
    ("err_format_filter_width_too_big", "{{ '%999999999999999999999d'|format(1) }}"),
    ("err_format_precision_too_big", "{{ '%.999999999999999999999d' % 1 }}"),
    ("err_format_precision_past_int", "{{ '%.2147483648f' % 1 }}"),
    ("err_format_spec_width_digits", "{{ '{:999999999999999999999d}'.format(1) }}"),
    ("err_format_spec_precision_digits", "{{ '{:.999999999999999999999f}'.format(1) }}"),
    ("err_format_index_digits", "{{ '{99999999999999999999999}'.format(1) }}"),
    ("err_format_item_digits", "{{ '{0[99999999999999999999999]}'.format(items) }}"),
    ("err_format_char_range", "{{ '%c' % -1 }}"),
    ("err_format_unknown_code", "{{ '{:q}'.format(5) }}"),
    ("err_format_nan", "{{ '%d' % (f * 1e308 - f * 1e308) }}"),
    ("err_format_inf", "{{ '%d' % (f * 1e308) }}"),
    ("err_format_string_precision_too_big", "{{ '%.99999999999s' % 'cut' }}"),
    ("map_attribute_huge_index", "{{ [[1, 2]]|map(attribute='99999999999999999999')|list|length }} {{ [[1, 2]]|map(attribute='1')|list }}"),
    ("err_neg_str", "{{ -s }}"),
    ("err_mul_str_str", "{{ 'a' * 'b' }}"),
    ("err_join_int", "{{ ', '.join([1, 2]) }}"),
    # --- syntax errors (type and message) ---
    ("syntax_unknown_tag", "{% foo %}"),
    ("syntax_stray_end", "{% if true %}x{% endfor %}"),
    ("syntax_unclosed", "{% for x in items %}x"),
    ("syntax_bad_expr", "{{ 1 + }}"),
    ("syntax_unknown_filter", "{{ x|nosuchfilter }}"),
    ("syntax_unknown_test", "{{ x is nosuchtest }}"),
    ("syntax_unbalanced", "{{ (1 + 2 }}"),
]


def main():
    env = make_env()
    out = []
    for name, source in CASES:
        case = {"name": name, "template": source}
        try:
            case["output"] = env.from_string(source).render(**json.loads(json.dumps(CTX)))
        except Exception as e:  # noqa: BLE001 - errors are test cases too
            case["error"] = f"{type(e).__module__}.{type(e).__name__}: {e}"
        out.append(case)
    with open(os.path.join(HERE, "cases.json"), "w", encoding="utf-8") as f:
        json.dump({"jinja2": jinja2.__version__, "context": CTX, "cases": out}, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print(f"{len(out)} cases")


if __name__ == "__main__":
    main()
