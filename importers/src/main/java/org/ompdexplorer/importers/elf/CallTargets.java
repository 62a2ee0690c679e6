package org.ompdexplorer.importers.elf;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What function an x86-64 call instruction of a module calls, by name, read from the file alone: a direct call's
 * target symbol; a call through a PLT stub or through a GOT slot ({@code -fno-plt}) by the dynamic relocation that
 * fills the slot ({@code R_X86_64_JUMP_SLOT}, {@code R_X86_64_GLOB_DAT}). Addresses are as the file was linked.
 */
public final class CallTargets {
    private static final int SHT_RELA = 4;
    private static final int RELA_SIZE = 24;
    private static final int SYMBOL_SIZE = 24;
    private static final long R_X86_64_GLOB_DAT = 6;
    private static final long R_X86_64_JUMP_SLOT = 7;
    /** A PLT stub is 16 bytes; its indirect jump is at most a prefix or an endbr64 in. */
    private static final int STUB = 16;

    private final ElfFile file;
    private final FunctionSymbols functions;
    private Map<Long, String> slots;

    /** @param functions the file's function symbols, or {@code null} when they cannot be read */
    public CallTargets(ElfFile file, FunctionSymbols functions) {
        this.file = file;
        this.functions = functions;
    }

    /**
     * The name of the function a call at link-time address {@code target} (a direct call's destination) reaches:
     * the function symbol there, or, for a PLT stub, the symbol its GOT slot is bound to; empty when unknown.
     */
    public Optional<String> direct(long target) {
        Optional<ElfSymbol> symbol = functions == null ? Optional.empty() : functions.containing(target);
        if (symbol.isPresent() && symbol.get().value() == target) {
            return Optional.of(symbol.get().name());
        }
        if (!inPlt(target)) {
            return symbol.map(ElfSymbol::name);
        }
        // the stub's jmp *slot(%rip): ff 25 disp32, maybe after endbr64 (f3 0f 1e fa) and a bnd prefix (f2)
        Optional<byte[]> stub = read(target, STUB);
        if (stub.isEmpty()) {
            return Optional.empty();
        }
        byte[] b = stub.get();
        for (int at = 0; at + 6 <= b.length; at++) {
            if ((b[at] & 0xff) == 0xff && (b[at + 1] & 0xff) == 0x25) {
                return slot(target + at + 6 + le32(b, at + 2));
            }
        }
        return Optional.empty();
    }

    /** The symbol bound to the GOT slot at link-time address {@code slot} (a {@code call *slot(%rip)}). */
    public Optional<String> slot(long slot) {
        if (slots == null) {
            slots = readSlots();
        }
        return Optional.ofNullable(slots.get(slot));
    }

    /** Up to {@code length} bytes at link-time address {@code vaddr}, or empty when the file lacks them. */
    public Optional<byte[]> read(long vaddr, int length) {
        try {
            return file.readVirtual(vaddr, length);
        } catch (ElfFormatException e) {
            return Optional.empty();
        }
    }

    private boolean inPlt(long address) {
        for (SectionHeader s : file.sections()) {
            if (s.name().startsWith(".plt") && Long.compareUnsigned(address - s.address(), s.size()) < 0) {
                return true;
            }
        }
        return false;
    }

    private Map<Long, String> readSlots() {
        Map<Long, String> result = new HashMap<>();
        MappedFile m = file.mapped();
        try {
            for (SectionHeader rela : file.sections()) {
                if (rela.type() != SHT_RELA || rela.entrySize() != RELA_SIZE || rela.link() <= 0
                        || rela.link() >= file.sections().size()) {
                    continue;
                }
                SectionHeader symbols = file.sections().get(rela.link());
                if (symbols.type() != SectionHeader.SHT_DYNSYM || symbols.link() <= 0
                        || symbols.link() >= file.sections().size()) {
                    continue;
                }
                SectionHeader strings = file.sections().get(symbols.link());
                m.check(rela.offset(), rela.size(), "relocations " + rela.name());
                for (long at = rela.offset(); at + RELA_SIZE <= rela.offset() + rela.size(); at += RELA_SIZE) {
                    long info = m.u64(at + 8, "r_info");
                    long type = info & 0xffffffffL;
                    long index = info >>> 32;
                    if ((type != R_X86_64_JUMP_SLOT && type != R_X86_64_GLOB_DAT) || index == 0
                            || (index + 1) * SYMBOL_SIZE > symbols.size()) {
                        continue;
                    }
                    long name = Integer.toUnsignedLong(m.u32(symbols.offset() + index * SYMBOL_SIZE, "st_name"));
                    if (name > 0 && name < strings.size()) {
                        result.put(m.u64(at, "r_offset"), m.cString(strings.offset() + name,
                                strings.offset() + strings.size(), SymbolTable.MAX_NAME, "relocated symbol's name"));
                    }
                }
            }
        } catch (ElfFormatException e) {
            // damaged relocations name nothing: such calls are simply not known
        }
        return result;
    }

    private static long le32(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8 | (b[at + 2] & 0xff) << 16 | (long) b[at + 3] << 24;
    }
}
