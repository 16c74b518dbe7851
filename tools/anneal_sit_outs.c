/* Simulated annealing of a whole mahjong seating with sit-outs (fairdraw, offline).
 *
 * Why: with N mod 4 = b players out each round (`fairdraw seat --byes`), the package seats a
 * design for N - b (or N + 1) and searches the rounds past it, keeping the design's rounds. Past
 * the repeat-free length that costs repeats (22 players, 8 rounds: 20 repeats and a pair meeting
 * 3 times, where a schedule with 16 and at most 2 exists). This program searches every round at
 * once, sit-outs included, for the issue 4 (b) order: fewest repeats, then the lowest maximum.
 * tools/search_anneal_sit_outs.py runs it and checks what it prints with the package's own
 * reader before anything is written, so nothing here is trusted.
 *
 * A round is a permutation of the players: slots 4t..4t+3 are table t, the last b slots sit out.
 * A move swaps two slots of one round in different groups (at least one at a table); a swap with
 * a sitting-out player is allowed only while both keep their sit-outs within floor/ceil(b·R/N)
 * (issue 4, build 1: spread evenly). Pair cost W1·(c-1) + W2·(c-1)² for a pair meeting c times,
 * so a repeat outweighs everything and a third meeting of one pair costs more than a second of
 * two. Metropolis acceptance, temperature cooled geometrically from T0 to T1 over the steps;
 * each restart starts afresh (sit-outs to the fewest so far, random tables) and the best kept.
 *
 * With a FRONT file (F, then F lines of N players: tables, then sit-outs) the first F rounds are
 * kept as given and only the rounds after them are searched: the design's repeat-free rounds,
 * which a search from scratch rarely matches on 30 players or more.
 *
 * usage: anneal_sit_outs N R SEED STEPS RESTARTS [FRONT]   (env T0, T1 override 600, 20)
 * stdout, after every restart that improves: "N R repeats max pairs_at_max min_distinct", then
 * R lines of N players (the tables in order, then the sit-outs). stderr: one line per restart.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 64
#define MAXR 64

static int n, R, b, T, F, lo, hi;
static int pos[MAXR][MAXN], best[MAXR][MAXN];
static int cnt[MAXN][MAXN];
static int sits[MAXN];
static unsigned long long rs;
static const long long W1 = 1000, W2 = 100;

static unsigned long long rnd64(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs; }
static int rndi(int k) { return (int)(rnd64() % (unsigned long long)k); }
static double rndu(void) { return (rnd64() >> 11) * (1.0 / 9007199254740992.0); }

static long long pair_cost(int c) {
    if (c <= 1) return 0;
    long long e = c - 1;
    return W1 * e + W2 * e * e;
}

static long long total_cost(void) {
    long long s = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) s += pair_cost(cnt[i][j]);
    return s;
}

static void count_round(int r, int step) {
    for (int t = 0; t < T; t++) {
        int *g = &pos[r][4 * t];
        for (int i = 0; i < 4; i++)
            for (int j = i + 1; j < 4; j++) { cnt[g[i]][g[j]] += step; cnt[g[j]][g[i]] += step; }
    }
}

static void quality(int *repeats, int *most, int *at_most, int *distinct_min) {
    int rep = 0, top = 0, at = 0, dist[MAXN] = {0};
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            int c = cnt[i][j];
            if (c > 1) rep += c - 1;
            if (c > top) { top = c; at = 0; }
            if (c == top) at++;
            if (c) { dist[i]++; dist[j]++; }
        }
    int d = n;
    for (int i = 0; i < n; i++) if (dist[i] < d) d = dist[i];
    *repeats = rep; *most = top; *at_most = at; *distinct_min = d;
}

static void shuffle(int *a, int len) {
    for (int i = len - 1; i > 0; i--) { int j = rndi(i + 1), t = a[i]; a[i] = a[j]; a[j] = t; }
}

/* A fresh start: each round the b players with the fewest sit-outs so far (ties at random) sit
 * out, which keeps the spread even; the rest at random tables. */
static void fresh_start(void) {
    memset(cnt, 0, sizeof cnt);
    memset(sits, 0, sizeof sits);
    for (int r = 0; r < F; r++) {
        count_round(r, 1);
        for (int i = 4 * T; i < n; i++) sits[pos[r][i]]++;
    }
    for (int r = F; r < R; r++) {
        int perm[MAXN], out[MAXN] = {0}, seated[MAXN], k = 0, m;
        for (int i = 0; i < n; i++) perm[i] = i;
        shuffle(perm, n);
        for (int i = 1; i < n; i++) { /* stable insertion sort by sit-outs so far */
            int x = perm[i], j = i - 1;
            while (j >= 0 && sits[perm[j]] > sits[x]) { perm[j + 1] = perm[j]; j--; }
            perm[j + 1] = x;
        }
        for (int i = 0; i < b; i++) { out[perm[i]] = 1; sits[perm[i]]++; }
        for (int i = 0; i < n; i++) if (!out[perm[i]]) seated[k++] = perm[i];
        shuffle(seated, k);
        for (int i = 0; i < k; i++) pos[r][i] = seated[i];
        m = k;
        for (int i = 0; i < n; i++) if (out[i]) pos[r][m++] = i;
        count_round(r, 1);
    }
}

/* Cost change when player a leaves slot i's table (group gi) for c's place, and c comes in. */
static long long leave_join(const int *P, int gi, int i, int a, int c) {
    long long d = 0;
    for (int x = 4 * gi; x < 4 * gi + 4; x++) {
        if (x == i) continue;
        int m = P[x];
        d += pair_cost(cnt[a][m] - 1) - pair_cost(cnt[a][m]) + pair_cost(cnt[c][m] + 1) - pair_cost(cnt[c][m]);
    }
    return d;
}

static void trade(const int *P, int gi, int i, int a, int c) {
    for (int x = 4 * gi; x < 4 * gi + 4; x++) {
        if (x == i) continue;
        int m = P[x];
        cnt[a][m]--; cnt[m][a]--; cnt[c][m]++; cnt[m][c]++;
    }
}

int main(int argc, char **argv) {
    if (argc < 6) { fprintf(stderr, "usage: anneal_sit_outs N R SEED STEPS RESTARTS\n"); return 2; }
    n = atoi(argv[1]); R = atoi(argv[2]);
    unsigned long long seed = strtoull(argv[3], NULL, 10);
    long long steps = atoll(argv[4]);
    int restarts = atoi(argv[5]);
    if (n < 5 || n > MAXN || n % 4 == 0 || R < 1 || R > MAXR || steps < 1) { fprintf(stderr, "bad arguments\n"); return 2; }
    b = n % 4; T = n / 4; F = 0;
    if (argc > 6) {
        FILE *f = fopen(argv[6], "r");
        if (!f || fscanf(f, "%d", &F) != 1 || F < 0 || F >= R) { fprintf(stderr, "bad front file\n"); return 2; }
        for (int r = 0; r < F; r++)
            for (int i = 0; i < n; i++)
                if (fscanf(f, "%d", &pos[r][i]) != 1) { fprintf(stderr, "bad front file\n"); return 2; }
        fclose(f);
    }
    lo = (b * R) / n; hi = (b * R + n - 1) / n;
    double T0 = getenv("T0") ? atof(getenv("T0")) : 600, T1 = getenv("T1") ? atof(getenv("T1")) : 20;
    rs = seed * 2654435761ULL + 88172645463325252ULL;
    long long best_all = -1;
    for (int restart = 0; restart < restarts; restart++) {
        fresh_start();
        long long cost = total_cost(), best_cost = cost;
        memcpy(best, pos, sizeof pos);
        double cool = pow(T1 / T0, 1.0 / steps), temp = T0;
        for (long long s = 0; s < steps; s++, temp *= cool) {
            int r = F + rndi(R - F), *P = pos[r];
            int i = rndi(4 * T), j = rndi(n - 1);
            if (j >= i) j++;
            int gi = i / 4, gj = j < 4 * T ? j / 4 : -1;
            if (gi == gj) continue;
            int a = P[i], c = P[j];
            long long d;
            if (gj < 0) {
                if (sits[a] + 1 > hi || sits[c] - 1 < lo) continue;
                d = leave_join(P, gi, i, a, c);
            } else {
                d = leave_join(P, gi, i, a, c) + leave_join(P, gj, j, c, a);
            }
            if (d <= 0 || rndu() < exp(-d / temp)) {
                trade(P, gi, i, a, c);
                if (gj >= 0) trade(P, gj, j, c, a);
                else { sits[a]++; sits[c]--; }
                P[i] = c; P[j] = a;
                cost += d;
                if (cost < best_cost) { best_cost = cost; memcpy(best, pos, sizeof pos); }
            }
        }
        memcpy(pos, best, sizeof pos);
        memset(cnt, 0, sizeof cnt);
        for (int r = 0; r < R; r++) count_round(r, 1);
        int rep, most, at, dmin;
        quality(&rep, &most, &at, &dmin);
        fprintf(stderr, "restart %d: repeats %d max %d (x%d) distinct %d\n", restart, rep, most, at, dmin);
        if (best_all < 0 || best_cost < best_all) {
            best_all = best_cost;
            printf("%d %d %d %d %d %d\n", n, R, rep, most, at, dmin);
            for (int r = 0; r < R; r++) {
                for (int i = 0; i < n; i++) printf(i ? " %d" : "%d", pos[r][i]);
                printf("\n");
            }
            fflush(stdout);
        }
    }
    return 0;
}
