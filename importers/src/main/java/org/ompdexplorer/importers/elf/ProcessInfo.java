package org.ompdexplorer.importers.elf;

/**
 * The process description of an {@code NT_PRPSINFO} note ({@code struct elf_prpsinfo}, x86-64).
 *
 * @param state     {@code pr_sname}: the state letter ('R', 'S', 'T', ...)
 * @param pid       process id
 * @param parentPid parent's process id
 * @param uid       user id
 * @param gid       group id
 * @param fileName  {@code pr_fname}: the executable's name, at most 15 characters
 * @param arguments {@code pr_psargs}: the start of the command line, at most 79 characters
 */
public record ProcessInfo(char state, int pid, int parentPid, int uid, int gid, String fileName, String arguments) {
}
