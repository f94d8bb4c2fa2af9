# Builds products the way a kiosk ships them (sourced by scripts). Each
# step took resident memory off the kiosk at 1280x720
# (docs/performance.md):
#   - release, with the Swift runtime and Foundation linked in statically
#     (`--static-swift-stdlib`): the binary carries only the parts of them
#     it uses, instead of mapping 16 MB of shared Swift libraries;
#   - linked by the toolchain's lld with relative relocations packed
#     (`-z pack-relative-relocs`, DT_RELR, which glibc reads from 2.36 on): 1.9 MB
#     of relocation records that the loader reads at start-up become 15 KB;
#   - every function in a section of its own (`-function-sections`) and the
#     functions the kiosk runs placed first, in the order it first runs
#     them (`--symbol-ordering-file scripts/lib/kiosk-menu.order`, made by
#     scripts/make-order-file.sh): the kernel maps a program's code 64 KB
#     around each page it touches, and hot code scattered over 16 MB of
#     text kept 8.5 MB of it resident. An order file that has gone stale
#     only places fewer functions; names it lacks are skipped.
# Where the toolchain has no lld, the build is static only.
#
# Its own build directory (.build/deploy), so that it does not rebuild the
# ordinary release build in .build.
#
#   deploy_build PRODUCT...   builds them (output on stderr)
#   deploy_bin_path           where the built programs are

deploy_order_file() { echo "$PWD/scripts/lib/kiosk-menu.order"; }

deploy_flags() {
    local flags=(-c release --static-swift-stdlib --scratch-path .build/deploy)
    local toolchain
    toolchain=$(dirname "$(readlink -f "$(command -v swift)")")
    if [ -x "$toolchain/ld.lld" ]; then
        flags+=(-Xswiftc -use-ld=lld -Xswiftc -Xfrontend -Xswiftc -function-sections)
        # A C library older than 2.36 cannot load packed relocations.
        if [ "$(getconf GNU_LIBC_VERSION | awk '{ split($2, v, "."); print (v[1] > 2 || (v[1] == 2 && v[2] >= 36)) }')" = 1 ]; then
            flags+=(-Xlinker -z -Xlinker pack-relative-relocs)
        fi
        if [ -s "$(deploy_order_file)" ]; then
            flags+=(-Xlinker "--symbol-ordering-file=$(deploy_order_file)" -Xlinker --no-warn-symbol-ordering)
        fi
    fi
    printf '%s\n' "${flags[@]}"
}

deploy_build() {
    local flags product
    mapfile -t flags < <(deploy_flags)
    for product in "$@"; do
        # Foundation's static archive warns about mktemp at every link; it is not ours to fix.
        swift build "${flags[@]}" --product "$product" 2> >(grep -v -e "mktemp" -e "createTemporaryFile" >&2) >&2
    done
}

deploy_bin_path() {
    local flags
    mapfile -t flags < <(deploy_flags)
    swift build "${flags[@]}" --show-bin-path
}
