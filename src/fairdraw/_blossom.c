/*
 * fairdraw._blossom: an exact maximum-weight matching on a dense graph that can be
 * re-solved after a few edge weights change, without starting over.
 *
 * Why it exists: the Dutch bracket procedure (systems/dutch/brackets.py) asks for a new
 * maximum-weight matching over every player still to pair after each small decision
 * (the weights of one player's edges change).  A from-scratch O(n^3) solve per decision
 * is what made 1,000-player rounds take hours; here a decision costs a few augmenting
 * stages.
 *
 * The algorithm is Edmonds' primal-dual blossom method in the O(n^3) form of Gabow and
 * Lawler (dual variables y for vertices and z for blossoms, labels S/T, blossom
 * shrinking and expansion), written for this use:
 *
 *  - Weights are unsigned multi-word integers (W 64-bit words), because the Dutch
 *    criteria are bit fields hundreds of bits wide; they are compared exactly.
 *  - The state (matching, duals, blossoms) survives between solves.  Changing the
 *    edges of a vertex v marks v dirty; before the next solve v is "reset": every
 *    blossom containing v is dissolved (its dual z is moved onto its vertices, which
 *    keeps every edge feasible), v is unmatched and its dual is raised until all its
 *    edges are feasible again.  Decreasing an unmatched edge between two vertices
 *    outside blossoms needs no reset (its slack only grows).
 *  - Optimality (complementary slackness) then fails only at exposed vertices with a
 *    positive dual.  Each stage grows alternating trees from the exposed vertices whose
 *    dual is largest (all of the same value, so every dual stays an integer) and ends by
 *    an augmentation, by a vertex of a tree reaching dual 0 (the path from the root to
 *    it is flipped, which leaves it exposed with dual 0), or when the roots' dual has
 *    come down to the next exposed vertex's dual.
 *
 * Conventions: slack(u, v) = y[u] + y[v] - w2(u, v) for vertices in different top-level
 * blossoms, where w2 is twice the weight; an S blossom's z grows by 2*delta, a T
 * blossom's shrinks by 2*delta; dissolving blossom B adds z[B]/2 to y of each vertex in B.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t word;

typedef struct {
    PyObject_HEAD
    int n;            /* vertices 0..n-1; blossoms n..2n-1 */
    int W;            /* words per number */
    word *w2;         /* n*n*W: twice the weight of edge (u, v) */
    uint8_t *present; /* n*n: the edge exists */
    word *dual;       /* 2n*W: y of vertices, z of blossoms */
    int *mate;        /* n: matched vertex or -1 */
    int *top;         /* n: top-level blossom containing the vertex (the vertex itself if none) */
    int *parent;      /* 2n: enclosing blossom or -1 */
    int *base;        /* 2n: base vertex; -1 for an unused blossom id */
    int **child;      /* 2n: children in cycle order, child[b][0] holds the base */
    int **ea, **eb;   /* 2n: edge i joins child i (vertex ea[i]) and child i+1 (vertex eb[i]) */
    int *nchild;
    int *label;       /* 2n: 0 none, 1 S, 2 T (top-level blossoms during a stage) */
    int *lfrom, *lto; /* 2n: the edge that gave the label: vertex outside, vertex inside */
    int *best;        /* n: S vertex with the least-slack edge to this vertex, or -1 */
    uint8_t *dirty, *deleted;
    int *freeid; int nfree;
    int *queue; int qlen;
    int *stack;       /* scratch: leaves of a blossom */
    word *t1, *t2, *t3, *dmin; /* scratch numbers */
    int solved_once;
    long long stages, resets;
} Blossom;

/* ---------------------------------------------------------------- numbers */

static inline word *Y(Blossom *s, int b) { return s->dual + (size_t)b * s->W; }
static inline word *WT(Blossom *s, int u, int v) { return s->w2 + ((size_t)u * s->n + v) * s->W; }

static inline void mw_zero(word *a, int W) { memset(a, 0, sizeof(word) * W); }
static inline void mw_copy(word *d, const word *a, int W) { memcpy(d, a, sizeof(word) * W); }
static inline int mw_is_zero(const word *a, int W) {
    for (int i = 0; i < W; i++) if (a[i]) return 0;
    return 1;
}
static inline int mw_cmp(const word *a, const word *b, int W) {
    for (int i = W - 1; i >= 0; i--) {
        if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    }
    return 0;
}
static inline void mw_add(word *d, const word *a, const word *b, int W) {
    word carry = 0;
    for (int i = 0; i < W; i++) {
        word x = a[i] + carry;
        carry = x < carry;
        word y = x + b[i];
        carry += y < x;
        d[i] = y;
    }
}
/* d = a - b (a >= b) */
static inline void mw_sub(word *d, const word *a, const word *b, int W) {
    word borrow = 0;
    for (int i = 0; i < W; i++) {
        word x = a[i] - borrow;
        word nb = a[i] < borrow;
        word y = x - b[i];
        nb += x < b[i];
        d[i] = y;
        borrow = nb;
    }
}
static inline void mw_shr1(word *d, const word *a, int W) {
    for (int i = 0; i < W; i++) d[i] = (a[i] >> 1) | (i + 1 < W ? a[i + 1] << 63 : 0);
}

/* out = slack of edge (u, v), both outside a common top-level blossom. */
static inline void slack(Blossom *s, int u, int v, word *out) {
    mw_add(out, Y(s, u), Y(s, v), s->W);
    mw_sub(out, out, WT(s, u, v), s->W);
}

/* ---------------------------------------------------------------- blossoms */

static int leaves(Blossom *s, int b, int *out) {
    /* the vertices inside blossom b, appended to out; returns how many */
    if (b < s->n) { out[0] = b; return 1; }
    int k = 0;
    for (int i = 0; i < s->nchild[b]; i++) k += leaves(s, s->child[b][i], out + k);
    return k;
}

static void set_top(Blossom *s, int b, int t) {
    if (b < s->n) { s->top[b] = t; return; }
    for (int i = 0; i < s->nchild[b]; i++) set_top(s, s->child[b][i], t);
}

static void free_blossom(Blossom *s, int b) {
    free(s->child[b]); free(s->ea[b]); free(s->eb[b]);
    s->child[b] = s->ea[b] = s->eb[b] = NULL;
    s->nchild[b] = 0;
    s->base[b] = -1;
    s->parent[b] = -1;
    s->label[b] = 0;
    mw_zero(Y(s, b), s->W);
    s->freeid[s->nfree++] = b;
}

/* Rotate blossom b so that vertex v becomes its base, flipping the matching along the
 * even path from v's child to the old base child (Edmonds' blossom augmentation). */
static void rotate(Blossom *s, int b, int v) {
    int t = v;
    while (s->parent[t] != b) t = s->parent[t];
    if (t >= s->n) rotate(s, t, v);
    int m = s->nchild[b], i0 = 0;
    while (s->child[b][i0] != t) i0++;
    if (i0 == 0) { s->base[b] = v; return; }
    int *c = s->child[b], *a = s->ea[b], *e = s->eb[b];
    if (i0 & 1) { /* forward: edges i0+1, i0+3, ..., m-1 become matched */
        for (int k = i0 + 1; k < m; k += 2) {
            int c1 = c[k], c2 = c[(k + 1) % m];
            if (c1 >= s->n) rotate(s, c1, a[k]);
            if (c2 >= s->n) rotate(s, c2, e[k]);
            s->mate[a[k]] = e[k];
            s->mate[e[k]] = a[k];
        }
    } else { /* backward: edges i0-2, i0-4, ..., 0 become matched */
        for (int k = i0 - 2; k >= 0; k -= 2) {
            int c1 = c[k], c2 = c[k + 1];
            if (c2 >= s->n) rotate(s, c2, e[k]);
            if (c1 >= s->n) rotate(s, c1, a[k]);
            s->mate[a[k]] = e[k];
            s->mate[e[k]] = a[k];
        }
    }
    /* make child i0 the first */
    int *nc = malloc(sizeof(int) * m), *na = malloc(sizeof(int) * m), *ne = malloc(sizeof(int) * m);
    for (int k = 0; k < m; k++) {
        nc[k] = c[(k + i0) % m];
        na[k] = a[(k + i0) % m];
        ne[k] = e[(k + i0) % m];
    }
    memcpy(c, nc, sizeof(int) * m); memcpy(a, na, sizeof(int) * m); memcpy(e, ne, sizeof(int) * m);
    free(nc); free(na); free(ne);
    s->base[b] = v;
}

/* Flip the alternating path from vertex s0 (which gets partner j0, or -1) to its root. */
static void augment_side(Blossom *s, int s0, int j0) {
    int v = s0, j = j0;
    for (;;) {
        int bs = s->top[v];
        if (bs >= s->n) rotate(s, bs, v);
        s->mate[v] = j;
        if (s->lfrom[bs] < 0) break;
        int t = s->lfrom[bs];          /* T vertex matched to the old base of bs */
        int bt = s->top[t];
        int sv = s->lfrom[bt], jv = s->lto[bt];
        if (bt >= s->n) rotate(s, bt, jv);
        s->mate[jv] = sv;
        v = sv;
        j = jv;
    }
}

/* Dissolve a top-level blossom: its dual goes onto its vertices, its children become
 * top-level; if the dual was positive, the matched edge leaving it is no longer tight
 * and is unmatched. */
static void dissolve(Blossom *s, int b) {
    int W = s->W;
    int k = leaves(s, b, s->stack);
    int positive = !mw_is_zero(Y(s, b), W);
    if (positive) {
        mw_shr1(s->t1, Y(s, b), W);
        for (int i = 0; i < k; i++) mw_add(Y(s, s->stack[i]), Y(s, s->stack[i]), s->t1, W);
    }
    int bv = s->base[b];
    if (positive && s->mate[bv] >= 0) {
        int m = s->mate[bv];
        s->mate[bv] = -1;
        s->mate[m] = -1;
    }
    for (int i = 0; i < s->nchild[b]; i++) {
        int c = s->child[b][i];
        s->parent[c] = -1;
        set_top(s, c, c);
    }
    free_blossom(s, b);
}

/* ---------------------------------------------------------------- stage */

static void push_leaves(Blossom *s, int b) {
    int k = leaves(s, b, s->queue + s->qlen);
    s->qlen += k;
}

static void assign_label(Blossom *s, int w, int t, int from) {
    int b = s->top[w];
    s->label[b] = t;
    s->lfrom[b] = from;
    s->lto[b] = w;
    if (t == 1) {
        push_leaves(s, b);
    } else {
        int bb = s->base[b];
        assign_label(s, s->mate[bb], 1, bb);
    }
}

/* Base of the new blossom when v, w (S vertices) are in one tree, else -1. */
static int common_base(Blossom *s, int v, int w, uint8_t *mark) {
    int base = -1, np = 0;
    int *path = s->stack;
    while (v >= 0 || w >= 0) {
        int b = s->top[v];
        if (mark[b]) { base = s->base[b]; break; }
        path[np++] = b;
        mark[b] = 1;
        if (s->lfrom[b] < 0) v = -1;
        else {
            int t = s->lfrom[b];
            v = s->lfrom[s->top[t]];
        }
        if (w >= 0) { int x = v; v = w; w = x; }
    }
    for (int i = 0; i < np; i++) mark[path[i]] = 0;
    return base;
}

static void add_blossom(Blossom *s, int basev, int v, int w) {
    int bb = s->top[basev], bv = s->top[v], bw = s->top[w];
    int b = s->freeid[--s->nfree];
    int cap = 0;
    /* count children first */
    {
        int x = bv; while (x != bb) { cap++; x = s->top[s->lfrom[x]]; }
        x = bw; while (x != bb) { cap++; x = s->top[s->lfrom[x]]; }
        cap += 1;
    }
    int *c = malloc(sizeof(int) * cap), *a = malloc(sizeof(int) * cap), *e = malloc(sizeof(int) * cap);
    /* v side, collected from v up to the base then reversed */
    int m = 0;
    int x = bv;
    while (x != bb) {
        c[m] = x; a[m] = s->lfrom[x]; e[m] = s->lto[x];  /* edge (parent side, x side) */
        m++;
        x = s->top[s->lfrom[x]];
    }
    c[m] = bb;
    /* reverse c[0..m] so that bb is first; edge k joins c[k] and c[k+1] */
    int nv = m + 1;
    int *rc = malloc(sizeof(int) * cap), *ra = malloc(sizeof(int) * cap), *re = malloc(sizeof(int) * cap);
    for (int k = 0; k < nv; k++) rc[k] = c[nv - 1 - k];
    for (int k = 0; k < m; k++) { ra[k] = a[m - 1 - k]; re[k] = e[m - 1 - k]; }
    /* the edge v-w joins the last child on v's side to the first on w's side */
    int cnt = nv;
    ra[cnt - 1] = v; re[cnt - 1] = w;
    x = bw;
    while (x != bb) {
        rc[cnt] = x;
        ra[cnt] = s->lto[x]; re[cnt] = s->lfrom[x];  /* edge (x side, parent side) */
        cnt++;
        x = s->top[s->lfrom[x]];
    }
    free(c); free(a); free(e);
    s->child[b] = rc; s->ea[b] = ra; s->eb[b] = re; s->nchild[b] = cnt;
    s->base[b] = basev;
    s->parent[b] = -1;
    mw_zero(Y(s, b), s->W);
    s->label[b] = 1;
    s->lfrom[b] = s->lfrom[bb];
    s->lto[b] = s->lto[bb];
    for (int k = 0; k < cnt; k++) {
        int ch = rc[k];
        s->parent[ch] = b;
        if (s->label[ch] == 2) push_leaves(s, ch); /* T vertices become S */
    }
    set_top(s, b, b);
}

/* Expand a T blossom whose dual reached 0 during a stage, relabelling the even path
 * from the child it was entered by to its base child. */
static void expand_t(Blossom *s, int b) {
    int m = s->nchild[b];
    int *c = malloc(sizeof(int) * m), *a = malloc(sizeof(int) * m), *e = malloc(sizeof(int) * m);
    memcpy(c, s->child[b], sizeof(int) * m);
    memcpy(a, s->ea[b], sizeof(int) * m);
    memcpy(e, s->eb[b], sizeof(int) * m);
    int from = s->lfrom[b], entry = s->lto[b];
    for (int i = 0; i < m; i++) {
        s->parent[c[i]] = -1;
        set_top(s, c[i], c[i]);
        s->label[c[i]] = 0;
        s->lfrom[c[i]] = -1;
    }
    free_blossom(s, b);
    int j = 0;
    while (c[j] != s->top[entry]) j++;
    /* walk from child j to child 0 (= m): forward when j is odd, backward when even */
    int lastS = from, enterv = entry;
    int k = j;
    for (;;) {
        /* child k is T, entered by edge (lastS, enterv) */
        s->label[c[k % m]] = 2;
        s->lfrom[c[k % m]] = lastS;
        s->lto[c[k % m]] = enterv;
        if (k % m == 0) break;
        int kk, sv, tv;  /* next S child kk, reached by the matched edge; then the T child */
        if (j & 1) {
            kk = k + 1;              /* edge k (matched) joins c[k], c[k+1] */
            int k2 = kk + 1;         /* edge kk joins c[kk] (ea) and c[kk+1] (eb) */
            s->label[c[kk % m]] = 1;
            s->lfrom[c[kk % m]] = a[k % m];
            s->lto[c[kk % m]] = e[k % m];
            push_leaves(s, c[kk % m]);
            sv = a[kk % m]; tv = e[kk % m];
            k = k2;
        } else {
            kk = k - 1;              /* edge k-1 (matched) joins c[k-1] (ea), c[k] (eb) */
            int k2 = kk - 1;         /* edge k2 joins c[k2] (ea) and c[kk] (eb) */
            s->label[c[kk]] = 1;
            s->lfrom[c[kk]] = e[kk];
            s->lto[c[kk]] = a[kk];
            push_leaves(s, c[kk]);
            sv = e[k2]; tv = a[k2];
            k = k2;
        }
        lastS = sv; enterv = tv;
    }
    free(c); free(a); free(e);
}

static void expand_zero_end(Blossom *s, int b) {
    /* end of stage: a blossom with dual 0 may be dropped; its children with dual 0 too */
    int m = s->nchild[b];
    int *c = malloc(sizeof(int) * m);
    memcpy(c, s->child[b], sizeof(int) * m);
    for (int i = 0; i < m; i++) { s->parent[c[i]] = -1; set_top(s, c[i], c[i]); }
    free_blossom(s, b);
    for (int i = 0; i < m; i++)
        if (c[i] >= s->n && mw_is_zero(Y(s, c[i]), s->W)) expand_zero_end(s, c[i]);
    free(c);
}

/* best[v] <- the S vertex with the least slack to v outside v's blossom */
static void recompute_best(Blossom *s, int v) {
    int n = s->n, W = s->W, tv = s->top[v];
    s->best[v] = -1;
    for (int u = 0; u < n; u++) {
        if (!s->present[(size_t)v * n + u]) continue;
        int tu = s->top[u];
        if (tu == tv || s->label[tu] != 1) continue;
        slack(s, u, v, s->t2);
        if (s->best[v] < 0 || mw_cmp(s->t2, s->t3, W) < 0) { s->best[v] = u; mw_copy(s->t3, s->t2, W); }
    }
}

enum { GO_ON = 0, STAGE_DONE = 1 };

/* A tight edge u (S) - v: grow, shrink or augment. */
static int tight(Blossom *s, int u, int v, uint8_t *mark) {
    int bv = s->top[v];
    if (s->label[bv] == 0) {
        int bb = s->base[bv];
        if (s->mate[bb] < 0) { /* exposed blossom outside every tree */
            augment_side(s, v, u);
            augment_side(s, u, v);
            return STAGE_DONE;
        }
        assign_label(s, v, 2, u);
        return GO_ON;
    }
    if (s->label[bv] == 1) {
        int b = common_base(s, u, v, mark);
        if (b >= 0) { add_blossom(s, b, u, v); return GO_ON; }
        augment_side(s, u, v);
        augment_side(s, v, u);
        return STAGE_DONE;
    }
    return GO_ON;
}

/* One stage. Returns 0 when no exposed vertex has a positive dual (optimal). */
static int stage(Blossom *s, uint8_t *mark) {
    int n = s->n, W = s->W;
    word *Ymax = s->t1;
    int have = 0;
    for (int v = 0; v < n; v++) {
        if (s->deleted[v] || s->mate[v] >= 0 || s->base[s->top[v]] != v) continue;
        if (mw_is_zero(Y(s, v), W)) continue;
        if (!have || mw_cmp(Y(s, v), Ymax, W) > 0) { mw_copy(Ymax, Y(s, v), W); have = 1; }
    }
    if (!have) return 0;
    s->stages++;
    /* the cap: the largest smaller dual of an exposed vertex */
    word *cap = malloc(sizeof(word) * W);
    int havecap = 0;
    for (int b = 0; b < 2 * n; b++) { s->label[b] = 0; s->lfrom[b] = -1; s->lto[b] = -1; }
    for (int v = 0; v < n; v++) s->best[v] = -1;
    s->qlen = 0;
    for (int v = 0; v < n; v++) {
        if (s->deleted[v] || s->mate[v] >= 0 || s->base[s->top[v]] != v) continue;
        if (mw_is_zero(Y(s, v), W)) continue;
        int c = mw_cmp(Y(s, v), Ymax, W);
        if (c == 0) assign_label(s, v, 1, -1);
        else if (!havecap || mw_cmp(Y(s, v), cap, W) > 0) { mw_copy(cap, Y(s, v), W); havecap = 1; }
    }
    word *d = s->dmin, *tmp = s->t2, *bs = s->t3;
    word *half = malloc(sizeof(word) * W);
    int result = 1;
    for (;;) {
        /* scan the queued S vertices */
        while (s->qlen) {
            int u = s->queue[--s->qlen];
            int tu = s->top[u];
            const uint8_t *pr = s->present + (size_t)u * n;
            for (int v = 0; v < n; v++) {
                if (!pr[v]) continue;
                int tv = s->top[v];
                if (tv == tu) continue;
                slack(s, u, v, tmp);
                if (mw_is_zero(tmp, W) && s->label[tv] != 2) {
                    if (tight(s, u, v, mark) == STAGE_DONE) goto done;
                    tu = s->top[u];
                    continue;
                }
                /* also a tight edge into a T blossom: it matters if the blossom expands */
                int bv = s->best[v];
                if (bv < 0) { s->best[v] = u; continue; }
                slack(s, bv, v, bs);
                if (s->top[bv] == s->top[v] || mw_cmp(tmp, bs, W) < 0) s->best[v] = u;
            }
        }
        /* delta */
        int kind = 0, arg = -1;
        /* delta 1: the least dual of an S vertex */
        for (int v = 0; v < n; v++) {
            if (s->label[s->top[v]] != 1) continue;
            if (kind == 0 || mw_cmp(Y(s, v), d, W) < 0) { mw_copy(d, Y(s, v), W); kind = 1; arg = v; }
        }
        if (havecap) {
            mw_sub(tmp, Ymax, cap, W);
            if (mw_cmp(tmp, d, W) < 0) { mw_copy(d, tmp, W); kind = 5; arg = -1; }
        }
        for (int v = 0; v < n; v++) {
            int bu = s->best[v];
            if (bu < 0) continue;
            int tv = s->top[v], lv = s->label[tv];
            if (lv == 2) continue;
            if (lv == 1 && s->top[bu] == tv) {
                recompute_best(s, v);
                bu = s->best[v];
                if (bu < 0) continue;
            }
            slack(s, bu, v, tmp);
            if (lv == 1) { mw_shr1(half, tmp, W); if (mw_cmp(half, d, W) < 0) { mw_copy(d, half, W); kind = 3; arg = v; } }
            else if (mw_cmp(tmp, d, W) < 0) { mw_copy(d, tmp, W); kind = 2; arg = v; }
        }
        for (int b = n; b < 2 * n; b++) {
            if (s->base[b] < 0 || s->parent[b] >= 0 || s->label[b] != 2) continue;
            mw_shr1(half, Y(s, b), W);
            if (mw_cmp(half, d, W) < 0) { mw_copy(d, half, W); kind = 4; arg = b; }
        }
        /* apply */
        for (int v = 0; v < n; v++) {
            int l = s->label[s->top[v]];
            if (l == 1) mw_sub(Y(s, v), Y(s, v), d, W);
            else if (l == 2) mw_add(Y(s, v), Y(s, v), d, W);
        }
        mw_add(half, d, d, W);
        for (int b = n; b < 2 * n; b++) {
            if (s->base[b] < 0 || s->parent[b] >= 0) continue;
            if (s->label[b] == 1) mw_add(Y(s, b), Y(s, b), half, W);
            else if (s->label[b] == 2) mw_sub(Y(s, b), Y(s, b), half, W);
        }
        if (havecap) mw_sub(Ymax, Ymax, d, W);
        if (kind == 1) {
            augment_side(s, arg, -1); /* arg keeps dual 0 and is left exposed */
            goto done;
        } else if (kind == 5) {
            goto done;
        } else if (kind == 2 || kind == 3) {
            if (tight(s, s->best[arg], arg, mark) == STAGE_DONE) goto done;
        } else if (kind == 4) {
            expand_t(s, arg);
        }
    }
done:
    /* end of stage: drop top-level blossoms whose dual is 0 */
    for (int b = n; b < 2 * n; b++)
        if (s->base[b] >= 0 && s->parent[b] < 0 && mw_is_zero(Y(s, b), W)) expand_zero_end(s, b);
    free(cap); free(half);
    return result;
}

/* ---------------------------------------------------------------- resets */

static void reset_vertex(Blossom *s, int v) {
    int n = s->n, W = s->W;
    while (s->top[v] != v) {
        int b = s->top[v];
        dissolve(s, b);
    }
    if (s->mate[v] >= 0) { int m = s->mate[v]; s->mate[m] = -1; s->mate[v] = -1; }
    mw_zero(Y(s, v), W);
    if (s->deleted[v]) return;
    const uint8_t *pr = s->present + (size_t)v * n;
    for (int u = 0; u < n; u++) {
        if (!pr[u]) continue;
        const word *w = WT(s, v, u);
        if (mw_cmp(w, Y(s, u), W) > 0) {
            mw_sub(s->t2, w, Y(s, u), W);
            if (mw_cmp(s->t2, Y(s, v), W) > 0) mw_copy(Y(s, v), s->t2, W);
        }
    }
    s->resets++;
}

static int in_blossom(Blossom *s, int v) { return s->top[v] != v; }

/* ---------------------------------------------------------------- Python type */

static void Blossom_dealloc(Blossom *s) {
    if (s->child) for (int b = 0; b < 2 * s->n; b++) { free(s->child[b]); free(s->ea[b]); free(s->eb[b]); }
    free(s->w2); free(s->present); free(s->dual); free(s->mate); free(s->top); free(s->parent);
    free(s->base); free(s->child); free(s->ea); free(s->eb); free(s->nchild); free(s->label);
    free(s->lfrom); free(s->lto); free(s->best); free(s->dirty); free(s->deleted); free(s->freeid);
    free(s->queue); free(s->stack); free(s->t1); free(s->t2); free(s->t3); free(s->dmin);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static int Blossom_init(Blossom *s, PyObject *args, PyObject *kw) {
    int n, W;
    if (!PyArg_ParseTuple(args, "ii", &n, &W)) return -1;
    if (n < 0 || W < 1 || W > 64) { PyErr_SetString(PyExc_ValueError, "bad size"); return -1; }
    s->n = n; s->W = W;
    size_t N = n > 0 ? (size_t)n : 1, B = 2 * N;
    s->w2 = calloc(N * N * W, sizeof(word));
    s->present = calloc(N * N, 1);
    s->dual = calloc(B * W, sizeof(word));
    s->mate = malloc(sizeof(int) * N); s->top = malloc(sizeof(int) * N);
    s->parent = malloc(sizeof(int) * B); s->base = malloc(sizeof(int) * B);
    s->child = calloc(B, sizeof(int *)); s->ea = calloc(B, sizeof(int *)); s->eb = calloc(B, sizeof(int *));
    s->nchild = calloc(B, sizeof(int)); s->label = calloc(B, sizeof(int));
    s->lfrom = malloc(sizeof(int) * B); s->lto = malloc(sizeof(int) * B);
    s->best = malloc(sizeof(int) * N); s->dirty = calloc(N, 1); s->deleted = calloc(N, 1);
    s->freeid = malloc(sizeof(int) * N); s->queue = malloc(sizeof(int) * (N + 1) * 2);
    s->stack = malloc(sizeof(int) * (N + 1) * 2);
    s->t1 = calloc(W, sizeof(word)); s->t2 = calloc(W, sizeof(word)); s->t3 = calloc(W, sizeof(word));
    s->dmin = calloc(W, sizeof(word));
    if (!s->w2 || !s->present || !s->dual || !s->stack) { PyErr_NoMemory(); return -1; }
    for (int v = 0; v < n; v++) { s->mate[v] = -1; s->top[v] = v; s->base[v] = v; s->parent[v] = -1; }
    s->nfree = 0;
    for (int b = 2 * n - 1; b >= n; b--) { s->base[b] = -1; s->parent[b] = -1; s->freeid[s->nfree++] = b; }
    return 0;
}

static int check_uv(Blossom *s, int u, int v) {
    if (u < 0 || v < 0 || u >= s->n || v >= s->n || u == v) {
        PyErr_SetString(PyExc_IndexError, "vertex out of range");
        return 0;
    }
    return 1;
}

static void mark_change(Blossom *s, int u, int v, int grew) {
    /* u pays: resetting u dissolves every blossom containing u (so every blossom that
     * could use the edge u-v) and unmatches u.  A shrinking unmatched edge between two
     * top-level blossoms needs nothing: its slack only grows. */
    if (grew || s->mate[u] == v || (in_blossom(s, u) && s->top[u] == s->top[v])) s->dirty[u] = 1;
}

/* set_edge(u, v, weight): the weight as little-endian bytes (at most W*8, below 2^(64W-5)
 * so that doubled weights and sums of duals never overflow); it is doubled here. */
static PyObject *Blossom_set_edge(Blossom *s, PyObject *args) {
    int u, v; const char *buf; Py_ssize_t len;
    if (!PyArg_ParseTuple(args, "iiy#", &u, &v, &buf, &len)) return NULL;
    if (!check_uv(s, u, v)) return NULL;
    int W = s->W;
    if ((size_t)len > (size_t)W * 8) { PyErr_SetString(PyExc_OverflowError, "weight too wide"); return NULL; }
    word *nw = s->t1;
    mw_zero(nw, W);
    memcpy(nw, buf, len);
    if (nw[W - 1] >> 59) { PyErr_SetString(PyExc_OverflowError, "weight too wide"); return NULL; }
    /* double */
    for (int i = W - 1; i >= 0; i--) nw[i] = (nw[i] << 1) | (i ? nw[i - 1] >> 63 : 0);
    size_t uv = (size_t)u * s->n + v, vu = (size_t)v * s->n + u;
    int grew = !s->present[uv] || mw_cmp(nw, WT(s, u, v), W) > 0;
    int same = s->present[uv] && mw_cmp(nw, WT(s, u, v), W) == 0;
    if (!same) mark_change(s, u, v, grew);
    mw_copy(WT(s, u, v), nw, W);
    mw_copy(WT(s, v, u), nw, W);
    s->present[uv] = s->present[vu] = 1;
    Py_RETURN_NONE;
}

static PyObject *Blossom_remove_edge(Blossom *s, PyObject *args) {
    int u, v;
    if (!PyArg_ParseTuple(args, "ii", &u, &v)) return NULL;
    if (!check_uv(s, u, v)) return NULL;
    size_t uv = (size_t)u * s->n + v, vu = (size_t)v * s->n + u;
    if (s->present[uv]) {
        mark_change(s, u, v, 0);
        s->present[uv] = s->present[vu] = 0;
    }
    Py_RETURN_NONE;
}

static PyObject *Blossom_delete_vertex(Blossom *s, PyObject *args) {
    int u;
    if (!PyArg_ParseTuple(args, "i", &u)) return NULL;
    if (u < 0 || u >= s->n) { PyErr_SetString(PyExc_IndexError, "vertex out of range"); return NULL; }
    for (int v = 0; v < s->n; v++) {
        size_t uv = (size_t)u * s->n + v, vu = (size_t)v * s->n + u;
        if (s->present[uv]) {
            s->present[uv] = s->present[vu] = 0;
        }
    }
    s->deleted[u] = 1;
    s->dirty[u] = 1;
    Py_RETURN_NONE;
}

static void initial_duals(Blossom *s) {
    /* y[v] = the largest weight at v (w2 / 2): every edge is feasible; then a greedy
     * matching of tight edges */
    int n = s->n, W = s->W;
    for (int v = 0; v < n; v++) {
        mw_zero(Y(s, v), W);
        for (int u = 0; u < n; u++) {
            if (!s->present[(size_t)v * n + u]) continue;
            if (mw_cmp(WT(s, v, u), Y(s, v), W) > 0) mw_copy(Y(s, v), WT(s, v, u), W);
        }
        mw_shr1(Y(s, v), Y(s, v), W);
        /* w2 is even, but y + y >= w2 needs ceil: w2/2 exact since w2 is twice an integer */
    }
    for (int v = 0; v < n; v++) {
        if (s->mate[v] >= 0 || s->deleted[v]) continue;
        for (int u = v + 1; u < n; u++) {
            if (s->mate[u] >= 0 || !s->present[(size_t)v * n + u]) continue;
            slack(s, u, v, s->t2);
            if (mw_is_zero(s->t2, W)) { s->mate[u] = v; s->mate[v] = u; break; }
        }
    }
}

static void prepare(Blossom *s);

static PyObject *Blossom_solve(Blossom *s, PyObject *noargs) {
    int n = s->n;
    prepare(s);
    uint8_t *mark = calloc(2 * (size_t)(n ? n : 1), 1);
    while (stage(s, mark)) {}
    free(mark);
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int v = 0; v < n; v++) PyList_SET_ITEM(out, v, PyLong_FromLong(s->mate[v]));
    return out;
}

static void prepare(Blossom *s) {
    int n = s->n;
    if (!s->solved_once) {
        initial_duals(s);
        memset(s->dirty, 0, (size_t)n);
        s->solved_once = 1;
    } else {
        for (int v = 0; v < n; v++) if (s->dirty[v]) { reset_vertex(s, v); s->dirty[v] = 0; }
    }
}

static PyObject *Blossom_prepare(Blossom *s, PyObject *noargs) { prepare(s); Py_RETURN_NONE; }

static PyObject *Blossom_step(Blossom *s, PyObject *noargs) {
    uint8_t *mark = calloc(2 * (size_t)(s->n ? s->n : 1), 1);
    int r = stage(s, mark);
    free(mark);
    return PyBool_FromLong(r);
}

static PyObject *num(Blossom *s, const word *a) {
    return _PyLong_FromByteArray((const unsigned char *)a, sizeof(word) * s->W, 1, 0);
}

/* (mate, top, parent of each id, dual of each id, dirty) for tests and debugging */
static PyObject *Blossom_info(Blossom *s, PyObject *noargs) {
    int n = s->n;
    PyObject *mate = PyList_New(n), *top = PyList_New(n), *par = PyList_New(2 * n), *du = PyList_New(2 * n), *dirty = PyList_New(n);
    for (int v = 0; v < n; v++) {
        PyList_SET_ITEM(mate, v, PyLong_FromLong(s->mate[v]));
        PyList_SET_ITEM(top, v, PyLong_FromLong(s->top[v]));
        PyList_SET_ITEM(dirty, v, PyLong_FromLong(s->dirty[v]));
    }
    for (int b = 0; b < 2 * n; b++) {
        PyList_SET_ITEM(par, b, PyLong_FromLong(s->base[b] < 0 ? -2 : s->parent[b]));
        PyList_SET_ITEM(du, b, num(s, Y(s, b)));
    }
    return Py_BuildValue("(NNNNN)", mate, top, par, du, dirty);
}

static PyObject *Blossom_stats(Blossom *s, PyObject *noargs) {
    return Py_BuildValue("{s:L,s:L}", "stages", s->stages, "resets", s->resets);
}

/* Check every invariant: dual feasibility, tight matched edges, exposed vertices with
 * dual 0 (optimality). For tests. Returns a string describing the first violation, or None. */
static PyObject *Blossom_check(Blossom *s, PyObject *args) {
    int n = s->n, W = s->W, full = 1;
    if (!PyArg_ParseTuple(args, "|p", &full)) return NULL;
    word *acc = malloc(sizeof(word) * W);
    char msg[200];
    for (int u = 0; u < n; u++) {
        if (s->mate[u] >= 0 && s->mate[s->mate[u]] != u) { snprintf(msg, 200, "mate asymmetric at %d", u); goto bad; }
        if (full && s->mate[u] < 0 && !s->deleted[u] && !mw_is_zero(Y(s, u), W)) { snprintf(msg, 200, "exposed %d with positive dual", u); goto bad; }
        for (int v = u + 1; v < n; v++) {
            if (!s->present[(size_t)u * n + v]) { if (s->mate[u] == v) { snprintf(msg, 200, "matched non-edge %d-%d", u, v); goto bad; } continue; }
            mw_add(acc, Y(s, u), Y(s, v), W);
            /* blossoms containing both */
            for (int b = s->parent[u]; b >= 0; b = s->parent[b]) {
                int x = v; while (x >= 0 && x != b) x = s->parent[x];
                if (x == b) mw_add(acc, acc, Y(s, b), W);
            }
            int c = mw_cmp(acc, WT(s, u, v), W);
            if (c < 0) { snprintf(msg, 200, "infeasible edge %d-%d", u, v); goto bad; }
            if (s->mate[u] == v && c != 0) { snprintf(msg, 200, "matched edge %d-%d not tight", u, v); goto bad; }
        }
    }
    free(acc);
    Py_RETURN_NONE;
bad:
    free(acc);
    return PyUnicode_FromString(msg);
}

static PyMethodDef Blossom_methods[] = {
    {"set_edge", (PyCFunction)Blossom_set_edge, METH_VARARGS, "set_edge(u, v, weight: bytes little-endian)"},
    {"remove_edge", (PyCFunction)Blossom_remove_edge, METH_VARARGS, "remove_edge(u, v)"},
    {"delete_vertex", (PyCFunction)Blossom_delete_vertex, METH_VARARGS, "delete_vertex(u): drop u and its edges"},
    {"solve", (PyCFunction)Blossom_solve, METH_NOARGS, "solve() -> mate list (-1 = unmatched)"},
    {"info", (PyCFunction)Blossom_info, METH_NOARGS, "(mate, top, parent, duals, dirty)"},
    {"stats", (PyCFunction)Blossom_stats, METH_NOARGS, "counters"},
    {"prepare", (PyCFunction)Blossom_prepare, METH_NOARGS, "apply pending resets (tests)"},
    {"step", (PyCFunction)Blossom_step, METH_NOARGS, "run one stage; False when optimal (tests)"},
    {"check", (PyCFunction)Blossom_check, METH_VARARGS, "None when the state is optimal, else the violation"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject BlossomType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "fairdraw._blossom.Blossom",
    .tp_basicsize = sizeof(Blossom),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Incremental exact maximum-weight matching on a dense graph (multi-word weights).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Blossom_init,
    .tp_dealloc = (destructor)Blossom_dealloc,
    .tp_methods = Blossom_methods,
};

static struct PyModuleDef moddef = {PyModuleDef_HEAD_INIT, "_blossom", "Incremental blossom matching", -1, NULL};

PyMODINIT_FUNC PyInit__blossom(void) {
    if (PyType_Ready(&BlossomType) < 0) return NULL;
    PyObject *m = PyModule_Create(&moddef);
    if (!m) return NULL;
    Py_INCREF(&BlossomType);
    PyModule_AddObject(m, "Blossom", (PyObject *)&BlossomType);
    return m;
}
