/* Tabu search for a base round invariant under a small permutation group K (fairdraw, offline).
 *
 * Why C: the Python searches in src/fairdraw/designs/ evaluate a few thousand moves a second;
 * the larger designs need millions. This program knows nothing about groups or designs: it
 * gets n points, the base round as nb blocks of k points, the elements of K as permutations,
 * a "pair orbit" id for every pair and the capacity of each orbit (how often the base round
 * may use it), and looks for a K-invariant partition with no orbit used beyond capacity.
 * tools/search_designs.py builds those tables (fairdraw.designs.orbits) and checks the result
 * with fairdraw.designs.verify, so nothing here is trusted.
 *
 * A move swaps two movable points p, q of different K-orbits and, with them, every image
 * (kp, kq) for k in K: the partition stays K-invariant because the product of those disjoint
 * transpositions commutes with K. Cost = sum over orbits of max(0, uses - capacity).
 *
 * Two strategies: tabu (mode 0: the best swap of a random conflicting point, recent points
 * tabu) and simulated annealing (mode 1: random swaps, a conflicting point half the time,
 * Metropolis acceptance at a temperature cooled from T0 to T1 hundredths, then reheated) and
 * weighted tabu (mode 2: the best swap over the conflicting points under orbit weights; when no
 * swap improves, the weights of the overused orbits grow: the "breakout" method of constraint
 * weighting, which steers the search out of local minima).
 *
 * stdin (integers): n k nb nK, nK permutations of 0..n-1, n movable flags, norb, norb caps,
 * n*n orbit ids, nb*k initial points, seed, max_steps, seconds, mode, T0, T1 (hundredths).
 * stdout: "OK" and the blocks, one per line, or "FAIL <best cost>" and the best blocks seen.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int n, k, nb, nK, norb;
static int *perm, *movable, *cap, *key, *blocks, *cnt, *where, *tabu;
static long cost, wcost;
static int *weight;
static unsigned long long rng_state;

static unsigned rnd(void) {
    rng_state ^= rng_state << 13; rng_state ^= rng_state >> 7; rng_state ^= rng_state << 17;
    return (unsigned)(rng_state >> 11);
}
static int rd(void) { int x; if (scanf("%d", &x) != 1) { fprintf(stderr, "bad input\n"); exit(2); } return x; }

static void block_pairs(int b, int sign) {
    int *B = blocks + b * k;
    for (int i = 0; i < k; i++)
        for (int j = i + 1; j < k; j++) {
            int o = key[B[i] * n + B[j]];
            if (sign > 0) { cnt[o]++; if (cnt[o] > cap[o]) { cost++; wcost += weight[o]; } }
            else { if (cnt[o] > cap[o]) { cost--; wcost -= weight[o]; } cnt[o]--; }
        }
}

static void swap_points(int a, int b) {
    int wa = where[a], wb = where[b];
    blocks[wa] = b; blocks[wb] = a; where[a] = wb; where[b] = wa;
}

static int aff[256];
static int affected(int p, int q) {
    int na = 0;
    for (int e = 0; e < nK; e++) {
        int pts[2] = {perm[e * n + p], perm[e * n + q]};
        for (int t = 0; t < 2; t++) {
            int b = where[pts[t]] / k, seen = 0;
            for (int i = 0; i < na; i++) if (aff[i] == b) { seen = 1; break; }
            if (!seen) aff[na++] = b;
        }
    }
    return na;
}

static int weighted;
static long move(int p, int q, int commit) {
    long before = weighted ? wcost : cost;
    int na = affected(p, q);
    for (int i = 0; i < na; i++) block_pairs(aff[i], -1);
    for (int e = 0; e < nK; e++) swap_points(perm[e * n + p], perm[e * n + q]);
    for (int i = 0; i < na; i++) block_pairs(aff[i], +1);
    long delta = (weighted ? wcost : cost) - before;
    if (!commit) {
        for (int i = 0; i < na; i++) block_pairs(aff[i], -1);
        for (int e = nK - 1; e >= 0; e--) swap_points(perm[e * n + p], perm[e * n + q]);
        for (int i = 0; i < na; i++) block_pairs(aff[i], +1);
    }
    return delta;
}

/* The movable points that sit in an overused pair orbit, in table order; returns how many. */
static int hot_points(int *mark, int *hot) {
    int nh = 0;
    memset(mark, 0, sizeof(int) * n);
    for (int b = 0; b < nb; b++) {
        int *B = blocks + b * k;
        for (int i = 0; i < k; i++)
            for (int j = i + 1; j < k; j++) {
                int o = key[B[i] * n + B[j]];
                if (cnt[o] > cap[o]) {
                    if (movable[B[i]] && !mark[B[i]]) { mark[B[i]] = 1; hot[nh++] = B[i]; }
                    if (movable[B[j]] && !mark[B[j]]) { mark[B[j]] = 1; hot[nh++] = B[j]; }
                }
            }
    }
    return nh;
}

static int same_orbit(int p, int q) {
    for (int e = 0; e < nK; e++) if (perm[e * n + p] == q) return 1;
    return 0;
}

int main(void) {
    n = rd(); k = rd(); nb = rd(); nK = rd();
    perm = malloc(sizeof(int) * n * nK);
    for (int i = 0; i < n * nK; i++) perm[i] = rd();
    movable = malloc(sizeof(int) * n);
    for (int i = 0; i < n; i++) movable[i] = rd();
    norb = rd();
    cap = malloc(sizeof(int) * norb); cnt = calloc(norb, sizeof(int)); weight = malloc(sizeof(int) * norb);
    for (int i = 0; i < norb; i++) weight[i] = 1;
    for (int i = 0; i < norb; i++) cap[i] = rd();
    key = malloc(sizeof(int) * n * n);
    for (int i = 0; i < n * n; i++) key[i] = rd();
    blocks = malloc(sizeof(int) * nb * k); where = malloc(sizeof(int) * n);
    for (int i = 0; i < nb * k; i++) { blocks[i] = rd(); where[blocks[i]] = i; }
    rng_state = 0x9E3779B97F4A7C15ULL ^ (unsigned long long)(rd() + 1) * 0x2545F4914F6CDD1DULL;
    long max_steps;
    if (scanf("%ld", &max_steps) != 1) return 2;
    double seconds = rd();
    int mode = rd();
    double t0 = rd() / 100.0, t1 = rd() / 100.0;
    tabu = calloc(n, sizeof(int));
    for (int b = 0; b < nb; b++) block_pairs(b, +1);
    long best = cost, since = 0;
    int *hot = malloc(sizeof(int) * n), *cand_p = malloc(sizeof(int) * n * 2), *cand_q = malloc(sizeof(int) * n * 2);
    int *mark = calloc(n, sizeof(int));
    int *best_blocks = malloc(sizeof(int) * nb * k);
    memcpy(best_blocks, blocks, sizeof(int) * nb * k);
    clock_t start = clock();
    if (mode == 1) {
        int nmov = 0;
        int *mov = malloc(sizeof(int) * n);
        for (int i = 0; i < n; i++) if (movable[i]) mov[nmov++] = i;
        const long sweep = 2000000;
        double temp = t0;
        for (long step = 1; step <= max_steps && cost > 0; step++) {
            if ((step & 65535) == 0) {
                if ((double)(clock() - start) / CLOCKS_PER_SEC > seconds) break;
                long phase = step % sweep;
                temp = t0 * (1.0 - (double)phase / sweep) + t1 * ((double)phase / sweep);
            }
            int p;
            if (rnd() & 1) {
                int b = rnd() % nb, i = rnd() % k, j = rnd() % k;
                if (i == j) continue;
                int *B = blocks + b * k;
                int o = key[B[i] * n + B[j]];
                if (cnt[o] <= cap[o]) continue;
                p = B[i];
                if (!movable[p]) p = B[j];
                if (!movable[p]) continue;
            } else {
                p = mov[rnd() % nmov];
            }
            int q = mov[rnd() % nmov];
            if (where[q] / k == where[p] / k || same_orbit(p, q)) continue;
            long d = move(p, q, 0);
            if (d <= 0 || (double)(rnd() & 0xFFFFF) / 1048576.0 < __builtin_exp(-d / temp)) {
                move(p, q, 1);
                if (cost < best) { best = cost; memcpy(best_blocks, blocks, sizeof(int) * nb * k); }
            }
        }
        max_steps = 0;
    }
    if (mode == 2) {
        weighted = 1;
        for (long step = 1; step <= max_steps && cost > 0; step++) {
            if ((step & 255) == 0 && (double)(clock() - start) / CLOCKS_PER_SEC > seconds) break;
            int nh = hot_points(mark, hot);
            if (nh == 0) break;
            long bestd = 1L << 40; int nc = 0;
            int tries = nh < 12 ? nh : 12;
            for (int t = 0; t < tries; t++) {
                int p = nh <= 12 ? hot[t] : hot[rnd() % nh];
                for (int q = 0; q < n; q++) {
                    if (!movable[q] || where[q] / k == where[p] / k || same_orbit(p, q)) continue;
                    if (tabu[q] > step || tabu[p] > step) continue;
                    long d = move(p, q, 0);
                    if (d < bestd) { bestd = d; nc = 0; }
                    if (d == bestd && nc < 2 * n) { cand_p[nc] = p; cand_q[nc] = q; nc++; }
                }
            }
            if (bestd >= 0) {
                for (int o = 0; o < norb; o++)
                    if (cnt[o] > cap[o]) { weight[o]++; wcost += cnt[o] - cap[o]; }
            }
            if (nc == 0) continue;
            int c = rnd() % nc;
            move(cand_p[c], cand_q[c], 1);
            int tenure = 2 + rnd() % 6;
            for (int e = 0; e < nK; e++) { tabu[perm[e * n + cand_p[c]]] = step + tenure; tabu[perm[e * n + cand_q[c]]] = step + tenure; }
            if (cost < best) { best = cost; memcpy(best_blocks, blocks, sizeof(int) * nb * k); }
        }
        max_steps = 0;
    }
    for (long step = 1; step <= max_steps && cost > 0; step++) {
        if ((step & 1023) == 0 && (double)(clock() - start) / CLOCKS_PER_SEC > seconds) break;
        int nh = hot_points(mark, hot);
        if (nh == 0) break;
        int p = hot[rnd() % nh];
        long bestd = 1L << 40; int nc = 0;
        for (int q = 0; q < n; q++) {
            if (!movable[q] || where[q] / k == where[p] / k || same_orbit(p, q)) continue;
            long d = move(p, q, 0);
            int is_tabu = tabu[q] > step;
            if (is_tabu && cost + d >= best) continue;
            if (d < bestd) { bestd = d; nc = 0; }
            if (d == bestd) { cand_p[nc] = p; cand_q[nc] = q; nc++; }
        }
        if (nc == 0) continue;
        int c = rnd() % nc;
        int q = cand_q[c];
        move(p, q, 1);
        int tenure = 4 + rnd() % 10;
        for (int e = 0; e < nK; e++) { tabu[perm[e * n + p]] = step + tenure; tabu[perm[e * n + q]] = step + tenure; }
        if (cost < best) { best = cost; since = 0; memcpy(best_blocks, blocks, sizeof(int) * nb * k); }
        else if (++since > 20000) {
            /* perturb: a few random moves from the current state */
            for (int t = 0; t < 3 + (int)(rnd() % 4); t++) {
                int a = rnd() % n, b2 = rnd() % n;
                if (movable[a] && movable[b2] && where[a] / k != where[b2] / k && !same_orbit(a, b2)) move(a, b2, 1);
            }
            since = 0;
            if (best > 0 && rnd() % 8 == 0) best = cost; /* forget an old best now and then */
        }
    }
    if (cost == 0) {
        printf("OK\n");
        for (int b = 0; b < nb; b++) {
            for (int i = 0; i < k; i++) printf("%d%c", blocks[b * k + i], i + 1 < k ? ' ' : '\n');
        }
    } else {
        printf("FAIL %ld\n", best);
        for (int b = 0; b < nb; b++) {
            for (int i = 0; i < k; i++) printf("%d%c", best_blocks[b * k + i], i + 1 < k ? ' ' : '\n');
        }
    }
    return 0;
}
