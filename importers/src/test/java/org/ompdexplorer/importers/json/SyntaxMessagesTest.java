package org.ompdexplorer.importers.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.MalformedInputException;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/** Syntax errors are said in the user's words: never a parser's feature, class or token name. */
class SyntaxMessagesTest {
    private static final String INTERNALS = "(?s).*(Jackson|Feature|ALLOW_|`|CTRL-CHAR|StreamRead|REDACTED|"
            + "VALUE_STRING|marker|Source:|code \\d+\\)\\)).*";

    private static Diagnostic syntaxError(byte[] bytes) {
        MalformedInputException e = catchThrowableOfType(MalformedInputException.class, () -> new SnapshotLoader()
                .load(new ByteArrayInputStream(bytes), "in.json", bytes.length, LoadOptions.LENIENT,
                        ProgressListener.NONE));
        assertThat(e).as("a syntax error").isNotNull();
        Diagnostic d = e.diagnostics().getLast();
        assertThat(d.message()).doesNotMatch(INTERNALS);
        assertThat(d.fix()).doesNotMatch(INTERNALS);
        assertThat(e.getMessage()).doesNotMatch(INTERNALS);
        return d;
    }

    private static Diagnostic syntaxError(String json) {
        return syntaxError(json.getBytes(StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "{\"a\":NaN}                | NaN and Infinity are not JSON numbers",
            "{\"a\":-Infinity}          | NaN and Infinity are not JSON numbers",
            "{\"a\":01}                 | leading zero",
            "{\"a\":+1}                 | plus sign",
            "{\"a\":1.}                 | not a valid JSON number",
            "{a:1}                      | property name must be in double quotes",
            "{'a':1}                    | single quotes",
            "{\"a\":'x'}                | single quotes",
            "{/*c*/\"a\":1}             | comments are not allowed in JSON",
            "{\"a\":1,}                 | trailing comma",
            "{\"a\":[1,]}               | trailing comma",
            "{\"a\" 1}                  | ':' is missing",
            "{\"a\":1 \"b\":2}          | ',' is missing",
            "{\"a\":tru}                | 'tru' is not a JSON value",
            "{\"a\":\"\\q\"}            | '\\q' is not a JSON escape",
            "{\"a\":1]                  | does not close",
            "{\"a\":]                   | ']' cannot start a JSON value",
    })
    void parserMessagesAreMappedToPlainOnes(String json, String expected) {
        assertThat(syntaxError(json.strip()).message()).contains(expected);
    }

    @Test
    void controlCharactersInStringsAndBetweenValuesAreNamed() {
        Diagnostic tab = syntaxError("{\"a\":\"x\ty\"}");
        assertThat(tab.message()).contains("control character").contains("U+0009").contains("string");
        assertThat(tab.message()).contains("\\u0009");
        assertThat(syntaxError("{\"a\":\u0000}").message()).contains("control character").contains("U+0000");
    }

    @Test
    void truncationSaysWhereTheFileEnds() {
        Diagnostic d = syntaxError("{\"format\":\"ompd-explorer-snapshot\",\"tasks\":[{\"id\":1");
        assertThat(d.code()).isEqualTo("truncated");
        assertThat(d.message()).isEqualTo("the file ends in the middle of the JSON (truncated)");
        assertThat(syntaxError("{\"a\":\"unfinished").code()).isEqualTo("truncated");
    }

    @Test
    void invalidUtf8IsSaidSo() {
        Diagnostic d = syntaxError(new byte[]{'{', '"', 'a', '"', ':', '"', (byte) 0xc3, '(', '"', '}'});
        assertThat(d.code()).isEqualTo("syntax");
        assertThat(d.message()).contains("not valid UTF-8");
    }

    @Test
    void limitsAreNamedWithWhereTheValueStarts() {
        Diagnostic string = syntaxError("{\"format\":\n  \"" + "x".repeat((16 << 20) + 1) + "\"}");
        assertThat(string.code()).isEqualTo("too-long");
        assertThat(string.message()).isEqualTo("a string starting at 2:3 is longer than the 16 MiB this reader accepts");
        assertThat(string.location().line()).isEqualTo(2);

        Diagnostic number = syntaxError("{\"a\":" + "1".repeat(100) + "}");
        assertThat(number.message()).isEqualTo("a number starting at 1:6 is longer than the 64 digits this reader "
                + "accepts");

        Diagnostic deep = syntaxError("{\"a\":" + "[".repeat(80));
        assertThat(deep.code()).isEqualTo("too-deep");
        assertThat(deep.message()).contains("nested deeper than 64 levels");
    }
}
