/* tree_sqlite.c - a search tree as CP-Profiler's saved execution: an SQLite
 * database with its four tables, exactly as CP-Profiler creates them, and
 * the tree in Nodes (schema and loader: docs/tree.md).
 *
 * CP-Profiler's loader reads `select * from Nodes` by column position and
 * builds the tree row by row: it sizes the tree by the row count (so the
 * ids must be 0..n-1), creates the root from the row whose ParentID is -1
 * and adds every other row as the next child of its parent (so a parent's
 * row must come before its children's, and siblings in alternative
 * order).  Our ids are the depth-first order of the search, which gives
 * all three; NodeID is the INTEGER PRIMARY KEY, so rows come back in it. */
#include <sqlite3.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "../core/textout.h"
#include "tree.h"

static const char *const schema =
    "CREATE TABLE Nodes(NodeID INTEGER PRIMARY KEY, ParentID int NOT NULL,"
    " Alternative int NOT NULL, NKids int NOT NULL, Status int, Label varchar(256));"
    "CREATE TABLE Bookmarks(NodeID INTEGER PRIMARY KEY, Bookmark varchar(8));"
    "CREATE TABLE Nogoods(NodeID INTEGER PRIMARY KEY, Nogood varchar(8));"
    "CREATE TABLE Info(NodeID INTEGER PRIMARY KEY, Info TEXT);";

/* {"pruned": "TEXT"}, the JSON object CP-Profiler shows as a node's
 * info (escaped by text_json_string); owned, from malloc: free(). */
static char *info_json(const char *text) {
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m) return NULL;
    fputs("{\"pruned\": ", m);
    text_json_string(m, text);
    fputc('}', m);
    return fclose(m) ? (free(buf), NULL) : buf;
}

static int fail(sqlite3 *db, const char *path, const char *what, diag *d) {
    return diag_set(d, "%s: %s: %s", path, what, db ? sqlite3_errmsg(db) : "out of memory");
}

int tree_write_cpprofiler(const search_tree *t, const char *path, int info, diag *d) {
    sqlite3 *db = NULL;
    sqlite3_stmt *ins = NULL, *inf = NULL;
    int ret = -1;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) != SQLITE_OK) {
        fail(db, path, "cannot create the database", d);
        goto done;
    }
    if (sqlite3_exec(db, schema, NULL, NULL, NULL) != SQLITE_OK ||
        sqlite3_exec(db, "BEGIN", NULL, NULL, NULL) != SQLITE_OK) {
        fail(db, path, "cannot create CP-Profiler's tables", d);
        goto done;
    }
    if (sqlite3_prepare_v2(db,
                           "INSERT INTO Nodes (NodeID, ParentID, Alternative, NKids, Status, Label)"
                           " VALUES (?,?,?,?,?,?)",
                           -1, &ins, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(db, "INSERT INTO Info (NodeID, Info) VALUES (?,?)", -1, &inf, NULL) !=
            SQLITE_OK) {
        fail(db, path, "cannot prepare the inserts", d);
        goto done;
    }
    for (size_t i = 0; i < t->n; i++) {
        const tree_node *nd = &t->node[i];
        char label[160];
        tree_decision(t, (int)i, 0, label, sizeof label);
        sqlite3_reset(ins);
        sqlite3_bind_int(ins, 1, (int)i);
        sqlite3_bind_int(ins, 2, nd->parent);
        sqlite3_bind_int(ins, 3, nd->parent < 0 ? -1 : nd->alt);
        sqlite3_bind_int(ins, 4, nd->nkids);
        sqlite3_bind_int(ins, 5, tree_cpp_status(nd));
        sqlite3_bind_text(ins, 6, label, -1, SQLITE_TRANSIENT);
        if (sqlite3_step(ins) != SQLITE_DONE) {
            fail(db, path, "cannot insert a node", d);
            goto done;
        }
        const char *pruned = info ? tree_pruned(t, (int)i) : NULL;
        if (pruned) {
            char *text = info_json(pruned);
            if (!text) {
                fail(NULL, path, "cannot make a node's info", d);
                goto done;
            }
            sqlite3_reset(inf);
            sqlite3_bind_int(inf, 1, (int)i);
            sqlite3_bind_text(inf, 2, text, -1, SQLITE_TRANSIENT);
            int r = sqlite3_step(inf);
            free(text); /* open_memstream's buffer comes from malloc */
            if (r != SQLITE_DONE) {
                fail(db, path, "cannot insert a node's info", d);
                goto done;
            }
        }
    }
    if (sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
        fail(db, path, "cannot commit", d);
        goto done;
    }
    ret = 0;
done:
    sqlite3_finalize(ins);
    sqlite3_finalize(inf);
    if (sqlite3_close(db) != SQLITE_OK && !ret)
        ret = diag_set(d, "%s: cannot close the database", path);
    return ret;
}
