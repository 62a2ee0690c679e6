/*
 * Tree traversal with tasks, as in the OpenMP Examples (tasking.1 and tasking.2): a binary tree of linked nodes
 * built from a fixed generator (some subtrees cut short), traversed twice — preorder, a task per child and no
 * wait (the barrier at the end of single waits), then postorder, a task per child and a taskwait before the
 * node itself is processed (its value computed from its children's).
 *
 * usage: tree_traversal [depth]     Prints the node count and both checksums. A task at depth 10 of the postorder
 * traversal asks for a snapshot.
 */
#include "corpus.h"

typedef struct node {
    struct node *left, *right;
    uint64_t key, pre, post;
    int depth;
} node_t;

static node_t *build(uint64_t key, int depth, int max_depth, long *count) {
    node_t *n = calloc(1, sizeof *n);
    if (n == NULL) {
        fprintf(stderr, "tree_traversal: out of memory\n");
        exit(1);
    }
    (*count)++;
    n->key = key;
    n->depth = depth;
    if (depth < max_depth && (depth < 4 || key % 9 != 0)) {
        n->left = build(corpus_mix(key * 2), depth + 1, max_depth, count);
        n->right = build(corpus_mix(key * 2 + 1), depth + 1, max_depth, count);
    }
    return n;
}

static void preorder(node_t *p) {
    p->pre = corpus_work(p->key, 100);
    if (p->left) {
#pragma omp task
        preorder(p->left);
    }
    if (p->right) {
#pragma omp task
        preorder(p->right);
    }
}

static void postorder(node_t *p) {
    if (p->depth == 10) {
        corpus_flush();
    }
    if (p->left) {
#pragma omp task
        postorder(p->left);
    }
    if (p->right) {
#pragma omp task
        postorder(p->right);
    }
#pragma omp taskwait
    p->post = corpus_work(p->pre ^ (p->left ? p->left->post : 0) ^ (p->right ? p->right->post * 3 : 0), 100);
}

static uint64_t sum_pre(const node_t *p) {
    return p == NULL ? 0 : p->pre + sum_pre(p->left) * 7 + sum_pre(p->right) * 13;
}

static void release(node_t *p) {
    if (p != NULL) {
        release(p->left);
        release(p->right);
        free(p);
    }
}

int main(int argc, char **argv) {
    int depth = (int)corpus_arg(argc, argv, 1, 18);
    long count = 0;
    node_t *root = build(1, 0, depth, &count);
#pragma omp parallel
#pragma omp single
    preorder(root);
#pragma omp parallel
#pragma omp single
    postorder(root);
    printf("tree_traversal(depth %d) = %ld nodes, preorder %016llx, postorder %016llx\n", depth, count,
           (unsigned long long)sum_pre(root), (unsigned long long)root->post);
    release(root);
    return 0;
}
