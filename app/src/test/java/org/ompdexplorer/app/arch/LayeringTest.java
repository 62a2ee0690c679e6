package org.ompdexplorer.app.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What JPMS cannot express: the model is pure (no UI, JSON, IO or native code), importers know no UI, and views
 * reach importers only through their view models.
 */
class LayeringTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("-tests.jar")) // the importers' test fixtures
                .importPackages("org.ompdexplorer");
    }

    @Test
    void modelIsPureJava() {
        noClasses().that().resideInAPackage("org.ompdexplorer.model..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "tools.jackson..", "com.fasterxml..",
                        "java.io..", "java.nio.file..", "java.lang.foreign..", "java.net..", "java.util.prefs..")
                .because("the model knows nothing of UI, formats, files or native code (STYLE.md)")
                .check(classes);
    }

    @Test
    void importersKnowNoUi() {
        noClasses().that().resideInAPackage("org.ompdexplorer.importers..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.controlsfx..",
                        "org.ompdexplorer.app..", "picocli..")
                .check(classes);
    }

    @Test
    void viewsReachImportersOnlyThroughViewModels() {
        noClasses().that().resideInAPackage("org.ompdexplorer.app.ui..").and().haveSimpleNameEndingWith("View")
                .should().dependOnClassesThat().resideInAPackage("org.ompdexplorer.importers..")
                .because("views show view-model state; loading belongs to view models and background tasks")
                .check(classes);
    }

    @Test
    void cliDoesNotDependOnTheUiBeyondTheLauncher() {
        noClasses().that().resideInAPackage("org.ompdexplorer.app.cli..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..")
                .because("the CLI runs without a display")
                .check(classes);
    }

    /** STYLE.md: one output helper writes every file; everything else hands it a body to write. */
    @Test
    void onlyTheOutputHelperWritesFiles() {
        noClasses().that().resideOutsideOfPackage("org.ompdexplorer.importers.output..")
                .should().callMethodWhere(writesAFile())
                .orShould().callConstructor(java.io.FileOutputStream.class, java.io.File.class)
                .orShould().callConstructor(java.io.FileOutputStream.class, String.class)
                .orShould().callConstructor(java.io.FileWriter.class, String.class)
                .orShould().callConstructor(java.io.FileWriter.class, java.io.File.class)
                .orShould().callConstructor(java.io.RandomAccessFile.class, java.io.File.class, String.class)
                .orShould().callConstructor(java.io.RandomAccessFile.class, String.class, String.class)
                .because("OutputFile checks every target (never an input, never a special file) and never leaves a"
                        + " partial file (docs/reliability.md)")
                .check(classes);
    }

    private static com.tngtech.archunit.base.DescribedPredicate<com.tngtech.archunit.core.domain.JavaMethodCall>
            writesAFile() {
        java.util.Set<String> writing = java.util.Set.of("write", "writeString", "newOutputStream", "newBufferedWriter",
                "move", "copy");
        return com.tngtech.archunit.base.DescribedPredicate.describe("a java.nio.file.Files method that writes a file",
                call -> call.getTargetOwner().isEquivalentTo(java.nio.file.Files.class)
                        && writing.contains(call.getName()));
    }
}
