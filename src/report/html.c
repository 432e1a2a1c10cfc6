/* html.c - the self-contained HTML report (see html.h). */
#include "html.h"

#include <stdlib.h>
#include <string.h>

#include "../harness/context.h"
#include "../harness/json.h"
#include "../core/xmalloc.h"

static const char css[] =
    "body{font-family:system-ui,sans-serif;margin:1.5em auto;max-width:1400px;padding:0 1em;"
    "color:#222}\n"
    "h1{font-size:1.4em}h2{font-size:1.15em;margin-top:2em;border-bottom:1px solid #ccc}\n"
    "table{border-collapse:collapse;margin:.5em 0;font-size:.9em}\n"
    "caption{text-align:left;font-style:italic;padding:.3em 0}\n"
    "th,td{border:1px solid #ddd;padding:.25em .5em;vertical-align:top}\n"
    "th{background:#f3f3f3;cursor:pointer;user-select:none}\n"
    "th[data-dir=asc]::after{content:' \\25B2'}th[data-dir=desc]::after{content:' \\25BC'}\n"
    "td.num,th.num{text-align:right;white-space:nowrap}\n"
    "tfoot td{background:#fafafa;font-weight:600}\n"
    "p.note{white-space:pre-line;font-size:.85em;color:#444}\n"
    "input.filter{margin:.5em 0;padding:.3em;width:20em}\n"
    "figure{margin:1em 0}figure svg{max-width:100%;height:auto}\n";

/* Sorting: numbers with units (ns, us, ms, s), counts with commas and k/n
 * compare as numbers, the rest as text; numbers before text. */
static const char script[] =
    "(function(){\n"
    "var unit={ns:1,us:1e3,'\\u00b5s':1e3,ms:1e6,s:1e9};\n"
    "function key(s){s=s.trim();var k=s.match(/^(\\d+)\\/(\\d+)/);\n"
    " if(k)return (+k[1])/((+k[2])||1);\n"
    " var m=s.match(/^-?[0-9][0-9,]*(\\.[0-9]+)?/);if(!m)return null;\n"
    " var v=parseFloat(m[0].replace(/,/g,''));var u=s.slice(m[0].length).trim().split(/[ "
    "\\u00b1(]/)[0];\n"
    " return v*(unit[u]||1);}\n"
    "function sortBy(t,i,dir){var b=t.tBodies[0];var rows=Array.prototype.slice.call(b.rows);\n"
    " rows.sort(function(a,c){var x=a.cells[i].textContent,y=c.cells[i].textContent,"
    "kx=key(x),ky=key(y);\n"
    "  var r=(kx!==null&&ky!==null)?kx-ky:(kx!==null?-1:(ky!==null?1:x.localeCompare(y)));\n"
    "  return dir==='desc'?-r:r;});\n"
    " rows.forEach(function(r){b.appendChild(r);});\n"
    " var hs=t.tHead.rows[0].cells;for(var j=0;j<hs.length;j++)hs[j].removeAttribute('data-dir');\n"
    " hs[i].setAttribute('data-dir',dir);t.setAttribute('data-sorted',i+':'+dir);}\n"
    "function filter(t,q){q=q.toLowerCase();var rs=t.tBodies[0].rows;\n"
    " for(var j=0;j<rs.length;j++)rs[j].style.display="
    "rs[j].textContent.toLowerCase().indexOf(q)>=0?'':'none';}\n"
    "var tables=document.querySelectorAll('table.sortable');\n"
    "Array.prototype.forEach.call(tables,function(t){\n"
    " var f=document.createElement('input');f.type='search';f.className='filter';\n"
    " f.placeholder='filter rows';t.parentNode.insertBefore(f,t);\n"
    " f.addEventListener('input',function(){filter(t,f.value);});\n"
    " var hs=t.tHead.rows[0].cells;\n"
    " Array.prototype.forEach.call(hs,function(h,i){h.addEventListener('click',function(){\n"
    "  sortBy(t,i,h.getAttribute('data-dir')==='asc'?'desc':'asc');});});});\n"
    "function table(id){var s=document.getElementById(id);"
    "return s?s.querySelector('table.sortable'):null;}\n"
    "location.hash.replace(/^#/,'').split('&').forEach(function(p){\n"
    " var kv=p.split('=');if(kv.length<2)return;var a=decodeURIComponent(kv[1]).split(':');\n"
    " var t=table(a[0]);if(!t)return;\n"
    " if(kv[0]==='sort')sortBy(t,+a[1],a[2]==='desc'?'desc':'asc');\n"
    " if(kv[0]==='filter'){filter(t,a.slice(1).join(':'));"
    "t.previousSibling.value=a.slice(1).join(':');}});\n"
    "document.body.setAttribute('data-ready','1');\n"
    "})();\n";

/* The <svg> element of an SVG document (its XML prolog and doctype left
 * out), or NULL. */
static const char *svg_element(const char *doc) { return doc ? strstr(doc, "<svg") : NULL; }

/* Copies an <svg> element into the page with its ids made unique in it:
 * every gnuplot figure defines the same ids (gpPat1, gnuplot_canvas...),
 * so each id and each reference to one (url(#, href="#) gets the prefix
 * "fN-". */
static void put_svg(FILE *out, const char *svg, size_t fig) {
    static const char *const refs[] = {"id=\"", "url(#", "href=\"#"};
    while (*svg) {
        size_t r = 0;
        while (r < 3 && strncmp(svg, refs[r], strlen(refs[r]))) r++;
        if (r < 3) {
            fprintf(out, "%sf%zu-", refs[r], fig);
            svg += strlen(refs[r]);
        } else {
            fputc(*svg++, out);
        }
    }
}

void report_html_page(FILE *out, const char *title, const report_html_section *s, size_t n) {
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>", out);
    report_html_text(out, title);
    fprintf(out, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>", css);
    report_html_text(out, title);
    fputs("</h1>\n<nav>", out);
    for (size_t i = 0; i < n; i++) {
        fprintf(out, "%s<a href=\"#%s\">", i ? " | " : "", s[i].id);
        report_html_text(out, s[i].title);
        fputs("</a>", out);
    }
    fputs("</nav>\n", out);
    for (size_t i = 0; i < n; i++) {
        fprintf(out, "<section id=\"%s\">\n<h2>", s[i].id);
        report_html_text(out, s[i].title);
        fputs("</h2>\n", out);
        if (s[i].table) report_writer_html.print(s[i].table, out);
        const char *svg = svg_element(s[i].svg);
        if (svg) {
            fputs("<figure>\n", out);
            put_svg(out, svg, i); /* gnuplot's output: its text went through plot_gp_string */
            if (s[i].svg_note) {
                fputs("<figcaption>", out);
                report_html_text(out, s[i].svg_note);
                fputs("</figcaption>", out);
            }
            fputs("</figure>\n", out);
        }
        fputs("</section>\n", out);
    }
    fprintf(out, "<script>\n%s</script>\n</body>\n</html>\n", script);
}

/* The every-run table's order: instance, strategy, repetition (the file
 * holds the runs in their shuffled run order), then the file's order. */
static int run_cmp(const void *a, const void *b) {
    const result_row *x = *(const result_row *const *)a, *y = *(const result_row *const *)b;
    int c = strcmp(x->instance, y->instance);
    if (!c) c = strcmp(x->strategy, y->strategy);
    if (!c) c = (x->rep > y->rep) - (x->rep < y->rep);
    return c ? c : (x > y) - (x < y);
}

void report_runs_table(const result_set *rs, report_table *rt) {
    report_header(rt, "Instance\tStrategy\t>Rep\tStatus\t>CPU time\t>Wall time\t>Nodes\t"
                      ">Peak memory\tNote\tInvocation");
    size_t nr = rs->n ? rs->n : 1;
    const result_row **order = NEWN(nr, const result_row *);
    for (size_t i = 0; i < rs->n; i++) order[i] = &rs->rows[i];
    qsort(order, rs->n, sizeof *order, run_cmp);
    for (size_t i = 0; i < rs->n; i++) {
        const result_row *r = order[i];
        char rep[24], cpu[32], wall[32], nodes[48], mem[48], status[48];
        snprintf(rep, sizeof rep, "%ld", r->rep);
        report_time(REPORT_HTML, r->cpu_s * 1e9, cpu, sizeof cpu);
        report_time(REPORT_HTML, r->wall_s * 1e9, wall, sizeof wall);
        report_count(REPORT_HTML, (double)r->st.nodes, nodes, sizeof nodes);
        snprintf(mem, sizeof mem, "%.1f MiB", (double)r->peak_rss_kib / 1024);
        snprintf(status, sizeof status, "%s%s%s", status_name(r->status), r->signal[0] ? " " : "",
                 r->signal);
        report_row(rt, 10, r->instance, r->strategy, rep, status, cpu, wall, nodes, mem, r->note,
                   r->invocation);
    }
    FREEN(order, nr);
}

int report_context_table(const char *csv_path, report_table *rt) {
    static const char *const keys[] = {
        "id",         "status",         "start",        "end",        "host",      "cpu_model",
        "cores",      "load_avg_start", "load_avg_end", "git_commit", "git_dirty", "binary_hash",
        "timeout_s",  "wall_timeout_s", "memory_mib",   "measure",    "pin",       "jobs",
        "runs_added", "command"};
    enum { NK = sizeof keys / sizeof *keys };
    char head[512] = "";
    for (size_t k = 0; k < NK; k++)
        snprintf(head + strlen(head), sizeof head - strlen(head), "%s%s", k ? "\t" : "", keys[k]);
    report_header(rt, head);
    context_file cf;
    diag d = {{0}};
    if (context_load(csv_path, &cf, &d)) {
        context_file_free(&cf);
        return -1;
    }
    for (size_t r = 0; r < cf.n; r++) {
        const char *cells[NK];
        char buf[NK][256];
        for (size_t k = 0; k < NK; k++) {
            const char *raw = json_get(&cf.recs[r], keys[k]);
            /* strings without their quotes; other JSON values as written */
            size_t len = raw ? strlen(raw) : 0;
            if (len >= 2 && raw[0] == '"')
                snprintf(buf[k], sizeof buf[k], "%.*s", (int)(len - 2), raw + 1);
            else
                snprintf(buf[k], sizeof buf[k], "%s", raw ? raw : "");
            cells[k] = buf[k];
        }
        report_row_v(rt, NK, cells);
    }
    context_file_free(&cf);
    return 0;
}
